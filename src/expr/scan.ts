import { located, type LocatedError } from './errors';
import { LIMITS } from './limits';

/** A run of literal text, or the bounds of one binding's expression (between `{{` and `}}`). */
export type RawPart =
  { kind: 'text'; text: string } | { kind: 'binding'; start: number; end: number };

export interface ScanResult {
  parts: RawPart[];
  /** Set when scanning stopped early; `parts` then holds what came before the problem. */
  error?: LocatedError;
}

/**
 * Splits a layout string into text and bindings without parsing the expressions, so that the
 * linter can still look at the other bindings of a string when one of them is broken.
 */
export function scanTemplate(source: string): ScanResult {
  const parts: RawPart[] = [];
  let i = 0;
  let count = 0;
  while (i < source.length) {
    const open = source.indexOf('{{', i);
    if (open < 0) {
      parts.push({ kind: 'text', text: source.slice(i) });
      break;
    }
    if (open > i) parts.push({ kind: 'text', text: source.slice(i, open) });
    if (++count > LIMITS.maxBindingsPerTemplate) {
      return {
        parts,
        error: located(`More than ${LIMITS.maxBindingsPerTemplate} bindings in one string`, open),
      };
    }
    const end = findClose(source, open + 2);
    if (end < 0) return { parts, error: located('Missing "}}" to close the binding', open) };
    parts.push({ kind: 'binding', start: open + 2, end });
    i = end + 2;
  }
  return { parts };
}

/**
 * Index of the `}}` that closes a binding opened just before `from`. Quoted strings are skipped
 * and braces counted, so `{{ {a: {b: 1}} }}` and `{{ "}}" }}` close where the author meant.
 * A single `}` with no open brace is left for the parser to report.
 */
function findClose(src: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      if (depth === 0 && src[i + 1] === '}') return i;
      if (depth > 0) depth--;
    }
    i++;
  }
  return -1;
}
