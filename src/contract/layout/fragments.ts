/**
 * Layout fragments (docs/layouts.md, "Fragments"): a block several layouts share (the site
 * footer, a dialog, a set of data sources) lives once in `layouts/_fragments/<name>.json` and is
 * used by name wherever a node, an action, a dialog, a data source or a whole value may stand:
 *
 *   { "use": "site-footer" }
 *   { "use": "retention-dialog", "with": { "closeLabel": "Cancel" } }
 *
 * A fragment file is `{ "params"?: { name: { "description"?, "type"?, "default"? } }, "fragment": value }`;
 * a param's `type` (PARAM_TYPES) is what the value given for it must be (checked by the layout
 * type checker, src/lint/types/, at the place the value lands: Expansion.paramAt).
 * inside `fragment`, `{ "$param": "name" }` stands for the value the use site passes in `with`
 * (or the declared default). A fragment that is a list used as an element of a list is spliced
 * into it (a node list among nodes, an action list among actions).
 *
 * ONE pure function does the expansion, shared by the server (before it serves a layout), the
 * validator and the tests: no React, no Node APIs, nothing of ours imported (its messages join the
 * catalogue of src/lint/messages.ts from here, as the limits' do). It also returns
 * where each expanded value came from, so an error inside a fragment is reported with the use
 * site in the layout and the pointer INTO the fragment file.
 */

/** Where an expanded value was written: in the layout (fragment null) or in a fragment file. */
export interface FragmentOrigin {
  /** The fragment file's name, or null for the layout itself. */
  fragment: string | null;
  /** JSON pointer in that file. */
  pointer: string;
  /** The use site in the layout (its outermost `use`) when the value came from a fragment. */
  useSite: string | null;
}

export interface FragmentIssue {
  /** Pointer in the layout: the use site, or the `with` member at fault. */
  pointer: string;
  code: 'unknown-fragment' | 'fragment-param' | 'fragment-recursion' | 'fragment-file';
  message: string;
  /** Set when the problem sits inside a fragment file (a use nested in a fragment, a `$param` there). */
  fragment?: { name: string; pointer: string };
  /** unknown-fragment: the name and the known ones, for a "did you mean" the caller adds. */
  unknown?: { name: string; known: string[] };
}

/** The types a fragment param may declare (the layout type checker's names, src/lint/types/ty.ts). */
export const PARAM_TYPES = ['any', 'boolean', 'text', 'number', 'cents', 'list', 'object'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** A typed param's value, where it landed in the expanded layout. */
export interface ParamSite {
  fragment: string;
  param: string;
  type: ParamType;
}

export interface Expansion {
  /** The layout with every use replaced (the input is never changed). */
  doc: unknown;
  issues: FragmentIssue[];
  /** Did the layout use any fragment? */
  used: boolean;
  /** Where the value at a pointer of the expanded layout was written. */
  origin(pointer: string): FragmentOrigin;
  /** The typed fragment param whose value landed exactly at this pointer of the expanded layout. */
  paramAt(pointer: string): ParamSite | undefined;
}

/** Fragment files by name, as parsed JSON (checked here: a malformed file is an issue, not a throw). */
export type FragmentFiles = Readonly<Record<string, unknown>>;

/** Uses nested deeper than this are refused (a fragment using a fragment using ...). */
const MAX_NESTING = 16;

/** The texts of the fragment issues (re-exported by src/lint/messages.ts, the one catalogue). */
export const FRAGMENT_MESSAGES = {
  'unknown-fragment': (name: string, hint = '') =>
    `unknown fragment "${name}" (no layouts/_fragments/${name}.json)${hint}`,
  'fragment-recursion': (loop: string) =>
    `fragment uses itself (${loop}): a fragment may use others, never in a circle`,
  'fragment-too-deep': (limit: number) => `fragments nest more than ${limit} uses deep`,
  'fragment-file': (name: string, detail: string) => `fragment "${name}" cannot be used: ${detail}`,
  'fragment-param-missing': (name: string, param: string) =>
    `fragment "${name}" needs "${param}" in "with" (declared in its params without a default)`,
  'fragment-param-unknown': (name: string, param: string, declared: string) =>
    `fragment "${name}" has no param "${param}" (declared: ${declared})`,
  'fragment-param-undeclared': (name: string, param: string) =>
    `fragment "${name}" reads param "${param}", which its "params" does not declare`,
  'fragment-use-shape': (key: string) =>
    `a fragment use holds only "use", "with" and "$comment", not "${key}"`,
  'fragment-with-shape': () => `"with" is an object: param name -> value`,
} as const;
const M = FRAGMENT_MESSAGES;

interface ParsedFragment {
  params: Map<string, { hasDefault: boolean; default: unknown; type?: ParamType }>;
  body: unknown;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `{ "use": "name", ... }`: any object whose `use` is a string. */
function isUse(v: unknown): v is Record<string, unknown> & { use: string } {
  return isObject(v) && typeof v.use === 'string';
}

function isParamRef(v: unknown): v is { $param: string } {
  return (
    isObject(v) &&
    typeof v.$param === 'string' &&
    Object.keys(v).every((k) => k === '$param' || k === '$comment')
  );
}

function parseFragment(file: unknown): ParsedFragment | string {
  if (!isObject(file)) return 'the file is not a JSON object';
  if (!Object.hasOwn(file, 'fragment')) return 'the file has no "fragment" member';
  for (const key of Object.keys(file)) {
    if (!['fragment', 'params', '$comment', '$schema'].includes(key))
      return `unknown member "${key}" (allowed: fragment, params, $comment)`;
  }
  const params: ParsedFragment['params'] = new Map();
  if (file.params !== undefined) {
    if (!isObject(file.params)) return '"params" is an object: name -> { description, default }';
    for (const [p, decl] of Object.entries(file.params)) {
      if (!isObject(decl))
        return `param "${p}" is an object ({ "description": "...", "type": "...", "default": ... })`;
      const extra = Object.keys(decl).find(
        (k) => !['description', 'type', 'default', '$comment'].includes(k),
      );
      if (extra !== undefined)
        return `param "${p}" has unknown member "${extra}" (allowed: description, type, default)`;
      const type = decl.type;
      if (type !== undefined && !(PARAM_TYPES as readonly unknown[]).includes(type))
        return `param "${p}" has type ${JSON.stringify(type)} (allowed: ${PARAM_TYPES.join(', ')})`;
      params.set(p, {
        hasDefault: Object.hasOwn(decl, 'default'),
        default: decl.default,
        ...(type === undefined ? {} : { type: type as ParamType }),
      });
    }
  }
  return { params, body: file.fragment };
}

/**
 * Expands every use in `doc`. Never throws on bad input: each problem is an issue and the use
 * is left out (an element of a list) or becomes null (any other place), so the validator can
 * still check the rest of the layout in the same run.
 */
export function expandFragments(doc: unknown, files: FragmentFiles): Expansion {
  const expander = new Expander(files);
  const result = expander.copy(doc, { fragment: null, pointer: '', useSite: null }, '', null, 0);
  const expanded = result.splice ?? (result.value === SKIP ? null : result.value);
  const { issues, used, regions, paramSites } = expander;
  return {
    doc: expanded,
    issues,
    used,
    paramAt: (pointer) => paramSites.get(pointer),
    origin(pointer) {
      let p = pointer === '/' ? '' : pointer;
      for (;;) {
        const found = regions.get(p);
        if (found) return { ...found, pointer: found.pointer + pointer.slice(p.length) };
        if (p === '') return { fragment: null, pointer, useSite: null };
        p = p.slice(0, p.lastIndexOf('/'));
      }
    },
  };
}

/** A param's value as the fragment being copied sees it, with where it was written. */
interface Arg {
  value: unknown;
  src: FragmentOrigin;
  ctx: Frame | null;
  type?: ParamType;
}

interface Frame {
  /** Param values of the fragment being copied, with where each was written. */
  args: Map<string, Arg>;
  name: string;
  stack: string[];
}

type Use = Record<string, unknown> & { use: string };

/** A copy, or a list to splice when the value was a use of a list fragment inside a list. */
interface Copied {
  value: unknown;
  splice?: unknown[];
}

const at = (src: FragmentOrigin, segment: string): FragmentOrigin => ({
  ...src,
  pointer: `${src.pointer}/${segment}`,
});

/** One expansion's state: what it found, where each value came from, the fragments parsed so far. */
class Expander {
  readonly issues: FragmentIssue[] = [];
  /** Expanded container pointer -> where it was written; a value's origin is its nearest container's. */
  readonly regions = new Map<string, FragmentOrigin>();
  /** Expanded pointer -> the typed param whose value landed there (moved with the regions by relocate). */
  readonly paramSites = new Map<string, ParamSite>();
  used = false;
  private readonly parsed = new Map<string, ParsedFragment | string>();
  private readonly known: string[];

  constructor(private readonly files: FragmentFiles) {
    this.known = Object.keys(files).sort();
  }

  private fragmentOf(name: string): ParsedFragment | string | undefined {
    if (!Object.hasOwn(this.files, name)) return undefined;
    let p = this.parsed.get(name);
    if (p === undefined) {
      p = parseFragment(this.files[name]);
      this.parsed.set(name, p);
    }
    return p;
  }

  /** Where a problem at `src` is reported: the layout pointer, or the use site plus the fragment pointer. */
  private report(
    src: FragmentOrigin,
    code: FragmentIssue['code'],
    message: string,
    unknown?: FragmentIssue['unknown'],
  ): void {
    const issue: FragmentIssue =
      src.fragment === null
        ? { pointer: src.pointer, code, message }
        : {
            pointer: src.useSite ?? '',
            code,
            message,
            fragment: { name: src.fragment, pointer: src.pointer },
          };
    if (unknown) issue.unknown = unknown;
    this.issues.push(issue);
  }

  /**
   * Copies `value` (written at `src`) to `out`; returns the copy, or a list to splice when
   * `spliceable` and the value was a use of a list fragment.
   */
  copy(
    value: unknown,
    src: FragmentOrigin,
    out: string,
    frame: Frame | null,
    depth: number,
    inList = false,
  ): Copied {
    if (depth > 200) return { value: null };
    if (frame !== null && isParamRef(value))
      return this.copyParam(value.$param, src, out, frame, depth, inList);
    if (isUse(value)) return this.expandUse(value, src, out, frame, depth, inList);
    if (Array.isArray(value)) return this.copyList(value, src, out, frame, depth);
    if (isObject(value)) {
      this.regions.set(out, src);
      const result: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const c = this.copy(v, at(src, escape(k)), `${out}/${escape(k)}`, frame, depth + 1);
        result[k] = c.splice ?? (c.value === SKIP ? null : c.value);
      }
      return { value: result };
    }
    return { value };
  }

  private copyParam(
    param: string,
    src: FragmentOrigin,
    out: string,
    frame: Frame,
    depth: number,
    inList: boolean,
  ): Copied {
    const arg = frame.args.get(param);
    if (!arg) {
      this.report(src, 'fragment-param', M['fragment-param-undeclared'](frame.name, param));
      return { value: null };
    }
    // The param's value is copied where it was written (the use site's `with`, or the default);
    // a plain value is recorded too, so a problem with it points at the `with` member.
    const c = this.copy(arg.value, arg.src, out, arg.ctx, depth + 1, inList);
    if (!this.regions.has(out)) this.regions.set(out, arg.src);
    if (arg.type !== undefined && !c.splice)
      this.paramSites.set(out, { fragment: frame.name, param, type: arg.type });
    return c;
  }

  private copyList(
    value: unknown[],
    src: FragmentOrigin,
    out: string,
    frame: Frame | null,
    depth: number,
  ): Copied {
    this.regions.set(out, src);
    const result: unknown[] = [];
    value.forEach((v, i) => {
      const c = this.copy(v, at(src, String(i)), `${out}/${result.length}`, frame, depth + 1, true);
      if (c.splice) {
        // Each spliced element is recorded where it lands: later elements' pointers shift.
        for (const item of c.splice) result.push(item);
      } else if (c.value !== SKIP) {
        result.push(c.value);
      }
    });
    return { value: result };
  }

  private expandUse(
    use: Use,
    src: FragmentOrigin,
    out: string,
    frame: Frame | null,
    depth: number,
    inList: boolean,
  ): Copied {
    this.used = true;
    const name = use.use;
    const stack = frame?.stack ?? [];
    const fragment = this.usableFragment(use, src, stack);
    if (fragment === null) return { value: SKIP };
    const args = this.bindArgs(use, fragment, src, frame);
    if (args === null) return { value: SKIP };
    const inner: Frame = { args, name, stack: [...stack, name] };
    // The outermost use in the layout is the site every nested problem is reported at.
    const bodySrc: FragmentOrigin = {
      fragment: name,
      pointer: '/fragment',
      useSite: src.fragment === null ? src.pointer : src.useSite,
    };
    const c = this.copy(fragment.body, bodySrc, out, inner, depth + 1);
    // A list fragment used as an element of a list is spliced; its items land at out, out+1, ...
    if (Array.isArray(c.value) && inList) {
      const parent = out.slice(0, out.lastIndexOf('/'));
      const base = Number(out.slice(out.lastIndexOf('/') + 1));
      // The items were recorded under out/<i>; move them to the places they land in the parent list.
      this.relocate(out, parent, base, c.value.length);
      return { value: SKIP, splice: c.value };
    }
    return { value: c.value };
  }

  /** The fragment a use names, or null (reported) when the use is malformed, circular, too deep or names nothing usable. */
  private usableFragment(use: Use, src: FragmentOrigin, stack: string[]): ParsedFragment | null {
    const name = use.use;
    const extra = Object.keys(use).find((k) => !['use', 'with', '$comment'].includes(k));
    if (extra !== undefined) {
      this.report(at(src, escape(extra)), 'fragment-param', M['fragment-use-shape'](extra));
      return null;
    }
    if (stack.includes(name)) {
      this.report(
        at(src, 'use'),
        'fragment-recursion',
        M['fragment-recursion']([...stack.slice(stack.indexOf(name)), name].join(' -> ')),
      );
      return null;
    }
    if (stack.length >= MAX_NESTING) {
      this.report(at(src, 'use'), 'fragment-recursion', M['fragment-too-deep'](MAX_NESTING));
      return null;
    }
    const fragment = this.fragmentOf(name);
    if (fragment === undefined) {
      const known = this.known;
      this.report(at(src, 'use'), 'unknown-fragment', M['unknown-fragment'](name), {
        name,
        known,
      });
      return null;
    }
    if (typeof fragment === 'string') {
      this.report(at(src, 'use'), 'fragment-file', M['fragment-file'](name, fragment));
      return null;
    }
    return fragment;
  }

  /** The use's `with` values and the defaults of the params it leaves out, or null (reported) when they do not fit the params. */
  private bindArgs(
    use: Use,
    fragment: ParsedFragment,
    src: FragmentOrigin,
    frame: Frame | null,
  ): Map<string, Arg> | null {
    const given = use.with ?? {};
    if (!isObject(given)) {
      this.report(at(src, 'with'), 'fragment-param', M['fragment-with-shape']());
      return null;
    }
    const args = new Map<string, Arg>();
    const givenOk = this.bindGiven(use.use, given, fragment, src, frame, args);
    const defaultsOk = this.bindDefaults(use.use, fragment, src, args);
    return givenOk && defaultsOk ? args : null;
  }

  private bindGiven(
    name: string,
    given: Record<string, unknown>,
    fragment: ParsedFragment,
    src: FragmentOrigin,
    frame: Frame | null,
    args: Map<string, Arg>,
  ): boolean {
    let ok = true;
    for (const key of Object.keys(given)) {
      if (!fragment.params.has(key)) {
        this.report(
          at(at(src, 'with'), escape(key)),
          'fragment-param',
          M['fragment-param-unknown'](
            name,
            key,
            fragment.params.size > 0 ? [...fragment.params.keys()].join(', ') : 'none',
          ),
        );
        ok = false;
      } else {
        const type = fragment.params.get(key)?.type;
        args.set(key, {
          value: given[key],
          src: at(at(src, 'with'), escape(key)),
          ctx: frame,
          ...(type === undefined ? {} : { type }),
        });
      }
    }
    return ok;
  }

  private bindDefaults(
    name: string,
    fragment: ParsedFragment,
    src: FragmentOrigin,
    args: Map<string, Arg>,
  ): boolean {
    let ok = true;
    for (const [p, decl] of fragment.params) {
      if (args.has(p)) continue;
      if (!decl.hasDefault) {
        this.report(at(src, 'with'), 'fragment-param', M['fragment-param-missing'](name, p));
        ok = false;
      } else {
        args.set(p, {
          value: decl.default,
          src: {
            fragment: name,
            pointer: `/params/${escape(p)}/default`,
            useSite: src.useSite ?? src.pointer,
          },
          ctx: null,
          ...(decl.type === undefined ? {} : { type: decl.type }),
        });
      }
    }
    return ok;
  }

  /** Rewrites regions recorded under `${out}/<i>` to `${parent}/<base + i>` (the spliced items' real places). */
  private relocate(out: string, parent: string, base: number, count: number): void {
    for (const map of [this.regions, this.paramSites] as Map<string, unknown>[]) {
      const under = [...map].filter(([p]) => p === out || p.startsWith(`${out}/`));
      for (const [p] of under) map.delete(p);
      for (const [p, o] of under) {
        if (p === out) continue; // the list itself is gone: its items now sit in the parent list
        const rest = p.slice(out.length + 1);
        const slash = rest.indexOf('/');
        const index = Number(slash === -1 ? rest : rest.slice(0, slash));
        if (index < count)
          map.set(`${parent}/${base + index}${slash === -1 ? '' : rest.slice(slash)}`, o);
      }
    }
  }
}

/** Marks a use that expanded to nothing (its problem is reported): left out of a list. */
const SKIP: unique symbol = Symbol('skip');
