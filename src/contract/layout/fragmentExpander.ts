/**
 * The expansion's walk: copies a layout, replacing each use by its fragment's body with the params
 * put in, and records where every copied value was written (regions) and where each typed param's
 * value landed (paramSites).
 */
import {
  at,
  escape,
  isObject,
  isParamRef,
  isUse,
  parseFragment,
  type ParsedFragment,
} from './fragmentFile';
import { bindArgs, usableFragment, type Frame, type Report, type Use } from './fragmentArgs';
import {
  FRAGMENT_MESSAGES as M,
  type FragmentFiles,
  type FragmentIssue,
  type FragmentOrigin,
  type ParamSite,
} from './fragmentTypes';

/** A copy, or a list to splice when the value was a use of a list fragment inside a list. */
interface Copied {
  value: unknown;
  splice?: unknown[];
}

/** Marks a use that expanded to nothing (its problem is reported): left out of a list. */
export const SKIP: unique symbol = Symbol('skip');

/** One expansion's state: what it found, where each value came from, the fragments parsed so far. */
export class Expander {
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
  private readonly report: Report = (src, code, message, unknown) => {
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
  };

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
    const fragment = usableFragment(use, src, stack, {
      fragmentOf: (n) => this.fragmentOf(n),
      known: this.known,
      report: this.report,
    });
    if (fragment === null) return { value: SKIP };
    const args = bindArgs(use, fragment, src, frame, this.report);
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
