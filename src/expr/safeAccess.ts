/**
 * The only way src/expr reads a value out of an object. Everything that leads to a prototype,
 * a getter or a function is refused here, in one place, so the evaluator, the built-in functions
 * and the state-path helpers cannot differ on what is reachable (SECURITY cases 3 and 5).
 */

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** `__proto__`, `constructor`, `prototype`: never readable, writable or usable as object-literal keys. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** Objects made by JSON.parse, object literals or Object.create(null); not class instances. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isArray(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** `"0"`, `"12"` but not `"01"`, `"-1"`, `"1.5"`: the strings that name an array element. */
export function toIndex(key: string | number): number | undefined {
  if (typeof key === 'number') return Number.isSafeInteger(key) && key >= 0 ? key : undefined;
  if (!/^(0|[1-9][0-9]{0,15})$/.test(key)) return undefined;
  const n = Number(key);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Value of an own data property; getters are never invoked (their descriptor has no `value`). */
function ownData(obj: object, key: string): unknown {
  const desc = Object.getOwnPropertyDescriptor(obj, key);
  return desc !== undefined && 'value' in desc ? desc.value : undefined;
}

export type ReadResult =
  { ok: true; value: unknown } | { ok: false; reason: 'forbidden' | 'function' | 'nullish' };

/**
 * Reads `obj[key]` by the language's rules: own data properties of plain objects, elements and
 * `length` of arrays, characters and `length` of strings; anything else is undefined. Function
 * values are refused, so no function ever leaves this module.
 */
export function readMember(obj: unknown, key: string | number): ReadResult {
  const name = typeof key === 'number' ? String(key) : key;
  if (isForbiddenKey(name)) return { ok: false, reason: 'forbidden' };
  if (obj === null || obj === undefined) return { ok: false, reason: 'nullish' };
  let value: unknown;
  if (typeof obj === 'string') {
    const index = toIndex(key);
    value = name === 'length' ? obj.length : index !== undefined ? obj[index] : undefined;
  } else if (isArray(obj)) {
    const index = toIndex(key);
    if (name === 'length') value = obj.length;
    else
      value = index !== undefined && index < obj.length ? ownData(obj, String(index)) : undefined;
  } else if (isPlainObject(obj)) {
    value = Object.hasOwn(obj, name) ? ownData(obj, name) : undefined;
  }
  if (typeof value === 'function') return { ok: false, reason: 'function' };
  return { ok: true, value };
}

/** readMember for callers that want "no value" rather than a reason (built-ins, getAtPath). */
export function readOrUndefined(obj: unknown, key: string | number): unknown {
  const r = readMember(obj, key);
  return r.ok ? r.value : undefined;
}

/**
 * Copies an array's elements through readMember (holes, getters and functions become undefined)
 * so built-ins can use ordinary array methods on the result. Throws past `max` items: built-ins
 * run inside the evaluator, which turns the throw into an error value.
 */
export function listOf(value: unknown, max: number): unknown[] | undefined {
  if (!isArray(value)) return undefined;
  if (value.length > max) throw new Error(`list has more than ${max} items`);
  const out: unknown[] = [];
  for (let i = 0; i < value.length; i++) out.push(readOrUndefined(value, i));
  return out;
}
