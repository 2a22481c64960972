/**
 * A use of a fragment checked and bound: the fragment it names (not circular, not too deep, a
 * usable file) and the value of each param (given in `with`, else its default). Every problem is
 * reported, and the use is then left out.
 */
import { at, escape, isObject, type ParsedFragment } from './fragmentFile';
import {
  FRAGMENT_MESSAGES as M,
  type FragmentIssue,
  type FragmentOrigin,
  type ParamType,
} from './fragmentTypes';

/** Uses nested deeper than this are refused (a fragment using a fragment using ...). */
const MAX_NESTING = 16;

/** Where a problem at `src` is reported (Expander.report). */
export type Report = (
  src: FragmentOrigin,
  code: FragmentIssue['code'],
  message: string,
  unknown?: FragmentIssue['unknown'],
) => void;

/** A param's value as the fragment being copied sees it, with where it was written. */
export interface Arg {
  value: unknown;
  src: FragmentOrigin;
  ctx: Frame | null;
  type?: ParamType;
}

export interface Frame {
  /** Param values of the fragment being copied, with where each was written. */
  args: Map<string, Arg>;
  name: string;
  stack: string[];
}

export type Use = Record<string, unknown> & { use: string };

/** The fragment a use names, or null (reported) when the use is malformed, circular, too deep or names nothing usable. */
export function usableFragment(
  use: Use,
  src: FragmentOrigin,
  stack: string[],
  lookup: {
    fragmentOf(name: string): ParsedFragment | string | undefined;
    known: string[];
    report: Report;
  },
): ParsedFragment | null {
  const name = use.use;
  const extra = Object.keys(use).find((k) => !['use', 'with', '$comment'].includes(k));
  if (extra !== undefined) {
    lookup.report(at(src, escape(extra)), 'fragment-param', M['fragment-use-shape'](extra));
    return null;
  }
  if (stack.includes(name)) {
    lookup.report(
      at(src, 'use'),
      'fragment-recursion',
      M['fragment-recursion']([...stack.slice(stack.indexOf(name)), name].join(' -> ')),
    );
    return null;
  }
  if (stack.length >= MAX_NESTING) {
    lookup.report(at(src, 'use'), 'fragment-recursion', M['fragment-too-deep'](MAX_NESTING));
    return null;
  }
  const fragment = lookup.fragmentOf(name);
  if (fragment === undefined) {
    const known = lookup.known;
    lookup.report(at(src, 'use'), 'unknown-fragment', M['unknown-fragment'](name), {
      name,
      known,
    });
    return null;
  }
  if (typeof fragment === 'string') {
    lookup.report(at(src, 'use'), 'fragment-file', M['fragment-file'](name, fragment));
    return null;
  }
  return fragment;
}

/** The use's `with` values and the defaults of the params it leaves out, or null (reported) when they do not fit the params. */
export function bindArgs(
  use: Use,
  fragment: ParsedFragment,
  src: FragmentOrigin,
  frame: Frame | null,
  report: Report,
): Map<string, Arg> | null {
  const given = use.with ?? {};
  if (!isObject(given)) {
    report(at(src, 'with'), 'fragment-param', M['fragment-with-shape']());
    return null;
  }
  const args = new Map<string, Arg>();
  const givenOk = bindGiven(use.use, given, fragment, { src, frame, report }, args);
  const defaultsOk = bindDefaults(use.use, fragment, { src, report }, args);
  return givenOk && defaultsOk ? args : null;
}

/** The params the use gives in `with`: each one the fragment declares (the others reported). */
function bindGiven(
  name: string,
  given: Record<string, unknown>,
  fragment: ParsedFragment,
  { src, frame, report }: { src: FragmentOrigin; frame: Frame | null; report: Report },
  args: Map<string, Arg>,
): boolean {
  let ok = true;
  for (const key of Object.keys(given)) {
    if (!fragment.params.has(key)) {
      report(
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

/** The params the use leaves out: their defaults (a param without one is reported). */
function bindDefaults(
  name: string,
  fragment: ParsedFragment,
  { src, report }: { src: FragmentOrigin; report: Report },
  args: Map<string, Arg>,
): boolean {
  let ok = true;
  for (const [p, decl] of fragment.params) {
    if (args.has(p)) continue;
    if (!decl.hasDefault) {
      report(at(src, 'with'), 'fragment-param', M['fragment-param-missing'](name, p));
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
