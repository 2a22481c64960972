/**
 * The wire-name table (contract section 3, `config/wire-names.json`): logical -> wire names for
 * endpoint paths and field names. Empty maps mean identity. A deployment that obfuscates its API
 * changes that one file; the app and the reference server both read it.
 *
 * - `paths`: key is the logical path as in the catalogue, looked up first after `{provider}`
 *   substitution (`/api/v1/kopa/...`), then in its template form (`/api/v1/{provider}/...`);
 *   value is the wire path, also without the `/vexed` prefix.
 * - `fields`: key is a logical field name, value its wire name. Applied to every key the client
 *   sends (JSON body keys at any depth, form and multipart field names, query parameter names,
 *   including the session parameters) and, reversed, to every key of a response envelope's data.
 */

export interface WireNames {
  paths: Readonly<Record<string, string>>;
  fields: Readonly<Record<string, string>>;
}

export const IDENTITY_WIRE_NAMES: WireNames = { paths: {}, fields: {} };

/** Keys that would change an object's prototype on assignment; dropped, never copied (SECURITY 5). */
const UNSAFE_KEYS = new Set(['__proto__']);
const MAX_DEPTH = 200;

function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

export interface WireTranslator {
  path(logicalPath: string, templatePath: string): string;
  fieldToWire(name: string): string;
  fieldFromWire(name: string): string;
  /** Deep copy with keys renamed logical -> wire. */
  toWire(value: unknown): unknown;
  /**
   * Keys renamed wire -> logical. Given freshly parsed JSON (its only use: response data), which
   * it may clean in place: with no field renames (the usual table) it returns the value itself,
   * only without `__proto__` keys, instead of copying every row of a long list.
   */
  fromWire(value: unknown): unknown;
}

function renameKeys(value: unknown, rename: (k: string) => string, depth: number): unknown {
  // Deeper than any real payload: stop rather than blow the stack on hostile input (SECURITY 6).
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, rename, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  // Files and other host objects go through untouched (multipart uploads).
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (UNSAFE_KEYS.has(k)) continue;
    const name = rename(k);
    if (UNSAFE_KEYS.has(name)) continue;
    out[name] = renameKeys(v, rename, depth + 1);
  }
  return out;
}

/** renameKeys for the identity table, in place: drops the unsafe keys, bounds depth, copies nothing. */
function dropUnsafeKeys(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return null;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = dropUnsafeKeys(value[i], depth + 1);
    return value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    if (UNSAFE_KEYS.has(k)) delete record[k];
    else if (record[k] !== null && typeof record[k] === 'object')
      record[k] = dropUnsafeKeys(record[k], depth + 1);
  }
  return value;
}

export function createWireTranslator(table: WireNames = IDENTITY_WIRE_NAMES): WireTranslator {
  // Reverse map for responses. If two logical names share a wire name the first one wins;
  // the table's validation is the place to forbid that, not the hot path.
  const reverse: Record<string, string> = {};
  for (const [logical, wire] of Object.entries(table.fields)) {
    if (!Object.prototype.hasOwnProperty.call(reverse, wire)) reverse[wire] = logical;
  }
  const fieldToWire = (k: string): string => own(table.fields, k) ?? k;
  const fieldFromWire = (k: string): string => own(reverse, k) ?? k;
  return {
    path: (logicalPath, templatePath) =>
      own(table.paths, logicalPath) ?? own(table.paths, templatePath) ?? logicalPath,
    fieldToWire,
    fieldFromWire,
    toWire: (v) => renameKeys(v, fieldToWire, 0),
    fromWire:
      Object.keys(table.fields).length === 0
        ? (v) => dropUnsafeKeys(v, 0)
        : (v) => renameKeys(v, fieldFromWire, 0),
  };
}
