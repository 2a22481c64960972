/**
 * Checks every request value before schema validation, for all endpoints at once:
 * - numeric fields arriving as text (form bodies, query strings) must be plain decimal numerals.
 *   ajv's coercion takes anything JavaScript's Number() takes: "Infinity", "1e400", " 1", "0x10";
 * - numbers must be finite (JSON.parse turns 1e400 into Infinity);
 * - text must not hold NUL (PostgreSQL text cannot store it: a 500) or lone surrogates (not
 *   Unicode; jsonb refuses them).
 * Errors name the field, e.g. "amount: must be a plain decimal number".
 */
import { badRequest } from '../core/errors';

const DECIMAL = /^-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,17})?$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface PropSchema {
  type?: string | string[];
}
export interface ObjectSchema {
  properties?: Record<string, PropSchema>;
}

function textProblem(s: string): string | null {
  if (s.includes('\0')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text';
  return null;
}

const join = (where: string, key: string) => (where ? `${where}.${key}` : key);

/** Walks strings (values and keys) and numbers of any JSON value. */
export function checkValues(value: unknown, where: string, depth = 0): void {
  if (depth > 32) throw badRequest(`${where || 'body'}: is nested too deeply`);
  if (typeof value === 'string') {
    const p = textProblem(value);
    if (p) throw badRequest(`${where || 'body'}: ${p}`);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw badRequest(`${where || 'body'}: must be a finite number`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => checkValues(v, join(where, String(i)), depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = textProblem(k);
      if (p) throw badRequest(`${join(where, 'key')}: ${p}`);
      checkValues(v, join(where, k), depth + 1);
    }
  }
}

const isNumeric = (p: PropSchema) =>
  (Array.isArray(p.type) ? p.type : [p.type]).some((t) => t === 'integer' || t === 'number');

/** Text bodies (form, query): a numeric field's text must be a plain decimal numeral. */
export function checkNumeralText(body: Record<string, unknown>, schema: ObjectSchema): void {
  for (const [field, prop] of Object.entries(schema.properties ?? {})) {
    const v = body[field];
    if (typeof v === 'string' && isNumeric(prop) && !DECIMAL.test(v)) {
      throw badRequest(`${field}: must be a plain decimal number`);
    }
  }
}
