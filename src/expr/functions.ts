import type { ExprFunction } from './evaluate';
import { LIMITS } from './limits';
import { sameValue } from './equality';
import { isArray, isForbiddenKey, isPlainObject, listOf, readOrUndefined } from './safeAccess';

/*
 * The base function list: pure, no dates, no formatting (money/date/datetime/currency come from
 * src/format and are merged in by the caller). Each function takes hostile input: values are
 * read through safeAccess only (no prototype, no getter, no method of the value is ever called),
 * lists are capped at LIMITS.maxListLength items, and results are capped in length. A throw here
 * becomes an error value "name() failed: ..." in the evaluator.
 */

function items(value: unknown): unknown[] {
  return listOf(value, LIMITS.maxListLength) ?? [];
}

/** Like Number(), but never calls valueOf/toString on an object. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value.trim() === '' ? NaN : Number(value);
  return NaN;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function fieldName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new Error('field name must be a string');
}

function field(item: unknown, name: string): unknown {
  return isPlainObject(item) ? readOrUndefined(item, name) : undefined;
}

/** The item is an object whose own `name` is `value`; an absent field is null (and undefined). */
function fieldIs(item: unknown, name: string, value: unknown): boolean {
  return isPlainObject(item) && sameValue(field(item, name), value);
}

function capped(text: string): string {
  if (text.length > LIMITS.maxStringLength)
    throw new Error(`result is longer than ${LIMITS.maxStringLength} characters`);
  return text;
}

function integerArg(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Math.trunc(toNumber(value));
  return Number.isNaN(n) ? 0 : n;
}

/** Moves the decimal point by text, so that round(1.005, 2) is 1.01 and not 1 (binary float). */
function shift(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

function round(value: unknown, digits?: unknown): number {
  const n = toNumber(value);
  const d = digits === undefined ? 0 : Math.trunc(toNumber(digits));
  if (!Number.isFinite(n)) return n;
  if (!(d >= 0 && d <= 10)) throw new Error('digits must be between 0 and 10');
  // Half away from zero, the rule people expect for money: round(-2.5) is -3.
  const rounded = shift(Math.round(shift(Math.abs(n), d)), -d);
  return n < 0 ? -rounded || 0 : rounded;
}

function numbersOf(args: unknown[]): number[] {
  const values = args.length === 1 && isArray(args[0]) ? items(args[0]) : args;
  return values
    .filter((v) => typeof v === 'number' || typeof v === 'string')
    .map(toNumber)
    .filter((n) => !Number.isNaN(n));
}

function extreme(args: unknown[], pick: (a: number, b: number) => boolean): number | undefined {
  let best: number | undefined;
  for (const n of numbersOf(args)) if (best === undefined || pick(n, best)) best = n;
  return best;
}

function join(list: unknown, separator?: unknown): string {
  const parts = items(list).map(toText);
  const sep = separator === undefined ? ',' : toText(separator);
  // Measured before joining, so a huge result is never allocated.
  const total =
    parts.reduce((n, p) => n + p.length, 0) + sep.length * Math.max(0, parts.length - 1);
  if (total > LIMITS.maxStringLength)
    throw new Error(`result is longer than ${LIMITS.maxStringLength} characters`);
  return parts.join(sep);
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

function matches(args: unknown[]): (item: unknown) => boolean {
  const name = fieldName(args[1]);
  // count(list, 'paid') counts truthy fields; with a third argument, fields equal to it.
  return args.length >= 3
    ? (item) => fieldIs(item, name, args[2])
    : (item) => Boolean(field(item, name));
}

/*
 * Object helpers, for forms whose fields come from the server (a bank form item's code is the
 * key its value is sent under). Results are fresh plain objects holding own data properties
 * only; keys that are not text or numbers, and __proto__/constructor/prototype, are skipped.
 */
function keyOf(value: unknown): string | undefined {
  const key =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  return key === undefined || isForbiddenKey(key) ? undefined : key;
}

function entriesOf(value: unknown): [string, unknown][] {
  if (!isPlainObject(value)) return [];
  const keys = Object.keys(value);
  if (keys.length > LIMITS.maxListLength)
    throw new Error(`object has more than ${LIMITS.maxListLength} keys`);
  const out: [string, unknown][] = [];
  for (const k of keys) if (keyOf(k) !== undefined) out.push([k, readOrUndefined(value, k)]);
  return out;
}

function objectFrom(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = v;
  return out;
}

function keySet(keys: unknown): Set<string> {
  return new Set(
    items(keys)
      .map(keyOf)
      .filter((k): k is string => k !== undefined),
  );
}

function toObject(list: unknown, keyName: unknown, valueName?: unknown): Record<string, unknown> {
  const key = fieldName(keyName);
  const value = valueName === undefined ? undefined : fieldName(valueName);
  const entries: [string, unknown][] = [];
  for (const item of items(list)) {
    const k = keyOf(field(item, key));
    if (k !== undefined) entries.push([k, value === undefined ? item : field(item, value)]);
  }
  return objectFrom(entries);
}

function filterIn(list: unknown, name: unknown, values: unknown): unknown[] {
  const key = fieldName(name);
  const allowed = items(values);
  return items(list).filter(
    (item) => isPlainObject(item) && allowed.some((v) => sameValue(field(item, key), v)),
  );
}

const table: Record<string, ExprFunction> = {
  len: (x) => (typeof x === 'string' || isArray(x) ? x.length : 0),
  sum: (list, name) => {
    const key = name === undefined ? undefined : fieldName(name);
    let total = 0;
    for (const item of items(list)) {
      const v = key === undefined ? item : field(item, key);
      const n = typeof v === 'number' || typeof v === 'string' ? toNumber(v) : NaN;
      if (Number.isFinite(n)) total += n;
    }
    return total;
  },
  join,
  upper: (x) => capped(toText(x).toUpperCase()),
  lower: (x) => capped(toText(x).toLowerCase()),
  trim: (x) => toText(x).trim(),
  // The ASCII digits of a text, in order: an account number as the backend spelled it ('0712 345 678').
  digits: (x) => toText(x).replace(/[^0-9]/g, ''),
  contains: (haystack, needle) => {
    if (typeof haystack === 'string') {
      return typeof needle === 'string' || typeof needle === 'number'
        ? haystack.includes(String(needle))
        : false;
    }
    return items(haystack).some((v) => sameValue(v, needle));
  },
  first: (x) => (typeof x === 'string' || isArray(x) ? readOrUndefined(x, 0) : undefined),
  last: (x) => (typeof x === 'string' || isArray(x) ? readOrUndefined(x, x.length - 1) : undefined),
  filter: (list, name, value) => {
    const key = fieldName(name);
    return items(list).filter((item) => fieldIs(item, key, value));
  },
  // The first item whose own field equals value ("Equality": 1 matches "1"), or undefined:
  // find(data.types.problemType, 'value', query.problemType)?.title instead of first(filter(...)).
  find: (list, name, value) => {
    const key = fieldName(name);
    return items(list).find((item) => fieldIs(item, key, value));
  },
  map: (list, name) => {
    const key = fieldName(name);
    return items(list).map((item) => field(item, key));
  },
  count: (...args) =>
    args.length <= 1 ? items(args[0]).length : items(args[0]).filter(matches(args)).length,
  default: (x, fallback) =>
    x === null || x === undefined || x === '' || (typeof x === 'number' && Number.isNaN(x))
      ? fallback
      : x,
  not: (x) => !x,
  number: toNumber,
  string: toText,
  round,
  min: (...args) => extreme(args, (a, b) => a < b),
  max: (...args) => extreme(args, (a, b) => a > b),
  abs: (x) => Math.abs(toNumber(x)),
  slice: (x, start, end) => {
    if (typeof x === 'string') return x.slice(integerArg(start), integerArg(end));
    return isArray(x) ? items(x).slice(integerArg(start), integerArg(end)) : undefined;
  },
  isEmpty,
  filterIn,
  toObject,
  merge: (...objects) => objectFrom(objects.flatMap(entriesOf)),
  pick: (obj, keys) => {
    const wanted = keySet(keys);
    return objectFrom(entriesOf(obj).filter(([k]) => wanted.has(k)));
  },
  omit: (obj, keys) => {
    const unwanted = keySet(keys);
    return objectFrom(entriesOf(obj).filter(([k]) => !unwanted.has(k)));
  },
  // A map from the server (channel heading -> items) becomes a list a repeat can walk, in key order.
  entries: (obj) => entriesOf(obj).map(([key, value]) => ({ key, value })),
  // The field names of an object, e.g. pick(query, keys(state.form)): the form's own fields, from the query.
  keys: (obj) => entriesOf(obj).map(([key]) => key),
};

/**
 * The documented base list (docs/expressions.md). A null-prototype, frozen object: lookups
 * cannot reach Object.prototype and no module can add to it at run time.
 */
export const baseFunctions: Readonly<Record<string, ExprFunction>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, ExprFunction>, table),
);

export const baseFunctionNames: readonly string[] = Object.freeze(Object.keys(table));
