import { LIMITS } from './limits';
import { isForbiddenKey, isPlainObject, readOrUndefined, toIndex } from './safeAccess';

export type PathSegment = string | number;
export type StatePathResult = { ok: true; segments: PathSegment[] } | { ok: false; error: string };

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*/;
const INDEX = /^\[(0|[1-9][0-9]*)\]/;
// Quoted keys for names that are not identifiers ("repay-plan"); no escapes, keep it simple.
const QUOTED = /^\[(?:"([^"]*)"|'([^']*)')\]/;

/**
 * Parses a state path such as `form.items[2].name` or `form["repay-plan"]` into segments.
 * `__proto__`, `constructor` and `prototype` are refused wherever they appear (SECURITY case 5),
 * as are array indexes past LIMITS.maxArrayIndex (a path must not create a huge sparse array).
 */
export function parseStatePath(path: string): StatePathResult {
  if (typeof path !== 'string' || path === '') return { ok: false, error: 'State path is empty' };
  if (path.length > LIMITS.maxStatePathLength) {
    return {
      ok: false,
      error: `State path is longer than ${LIMITS.maxStatePathLength} characters`,
    };
  }
  const fail = (detail: string, at: number): StatePathResult => ({
    ok: false,
    error: `Invalid state path ${JSON.stringify(path)}: ${detail} at ${at}`,
  });
  const segments: PathSegment[] = [];
  let i = 0;
  while (i < path.length) {
    const rest = path.slice(i);
    const expectName = i === 0 || path[i - 1] === '.';
    let m: RegExpExecArray | null;
    let segment: PathSegment;
    if (expectName && (m = NAME.exec(rest)) !== null) {
      segment = m[0];
    } else if (!expectName && (m = INDEX.exec(rest)) !== null) {
      segment = Number(m[1]);
      if (segment > LIMITS.maxArrayIndex)
        return fail(`index is larger than ${LIMITS.maxArrayIndex}`, i);
    } else if (!expectName && (m = QUOTED.exec(rest)) !== null) {
      segment = m[1] ?? m[2] ?? '';
    } else {
      return fail(`unexpected ${JSON.stringify(path[i])}`, i);
    }
    if (typeof segment === 'string' && isForbiddenKey(segment))
      return fail(`"${segment}" is not allowed`, i);
    segments.push(segment);
    i += m[0].length;
    if (path[i] === '.') {
      i++;
      if (i === path.length) return fail('path ends with "."', i - 1);
    } else if (i < path.length && path[i] !== '[') {
      return fail(`unexpected ${JSON.stringify(path[i])}`, i);
    }
  }
  if (segments.length > LIMITS.maxStatePathSegments) {
    return { ok: false, error: `State path has more than ${LIMITS.maxStatePathSegments} segments` };
  }
  return { ok: true, segments };
}

/** Reads a path through own data properties only (the expression language's rules); else undefined. */
export function getAtPath(obj: unknown, segments: readonly PathSegment[]): unknown {
  let cur = obj;
  for (const segment of segments) {
    if (cur === null || cur === undefined) return undefined;
    cur = readOrUndefined(cur, segment);
  }
  return cur;
}

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return Array.isArray(v) || isPlainObject(v);
}

function checkSegment(segment: PathSegment): void {
  if (typeof segment === 'number') {
    if (toIndex(segment) === undefined || segment > LIMITS.maxArrayIndex) {
      throw new TypeError(`State path index ${segment} is not allowed`);
    }
  } else if (typeof segment !== 'string' || isForbiddenKey(segment)) {
    throw new TypeError(`State path segment ${JSON.stringify(String(segment))} is not allowed`);
  }
}

/**
 * The key to use on `container`: arrays take element indexes only (a path must never set an
 * array's `length` or add named properties to it).
 */
function keyFor(container: Container, segment: PathSegment): string | number {
  if (!Array.isArray(container)) return String(segment);
  const index = toIndex(segment);
  if (index === undefined || index > LIMITS.maxArrayIndex) {
    throw new TypeError(
      `State path segment ${JSON.stringify(String(segment))} is not a list index`,
    );
  }
  return index;
}

/** The current child, read with a normal property get so that an immer draft hands out a draft. */
function ownChild(container: Container, key: string | number): unknown {
  const desc = Object.getOwnPropertyDescriptor(container, key);
  if (desc === undefined || !('value' in desc)) return undefined;
  return (container as Record<string | number, unknown>)[key];
}

/**
 * Sets `value` at `segments` inside `draft` (meant for an immer producer), creating plain
 * objects, or arrays before a numeric segment, where the path is missing or not a container.
 * Every segment is checked before anything is written, so a refused path changes nothing.
 * Throws a TypeError for segments that parseStatePath would have refused: that is a bug in the
 * caller, and inside a producer the throw leaves the state untouched.
 */
export function setAtPathDraft(
  draft: Record<string, unknown>,
  segments: readonly PathSegment[],
  value: unknown,
): void {
  if (segments.length === 0) throw new TypeError('State path is empty');
  if (segments.length > LIMITS.maxStatePathSegments) throw new TypeError('State path is too long');
  segments.forEach(checkSegment);
  if (!isContainer(draft)) throw new TypeError('State is not a plain object');
  let cur: Container = draft;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = keyFor(cur, segments[i] as PathSegment);
    let next = ownChild(cur, key);
    if (!isContainer(next)) {
      next = typeof segments[i + 1] === 'number' ? [] : {};
      (cur as Record<string | number, unknown>)[key] = next;
      // Read back: in an immer producer the stored object is now part of the draft tree.
      next = ownChild(cur, key);
      if (!isContainer(next)) throw new TypeError('State could not be written');
    }
    cur = next;
  }
  const last = segments[segments.length - 1] as PathSegment;
  (cur as Record<string | number, unknown>)[keyFor(cur, last)] = value;
}
