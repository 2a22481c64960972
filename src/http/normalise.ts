/**
 * The typed boundary (issue 13): every endpoint's data passes its response schema before any
 * binding sees it. Backends differ in shape, not meaning: "1" for 1, 7 for "7", a field left out
 * or sent as null. The compiled validators (scripts/lib/genValidators.ts) coerce scalars and fill
 * the schema's defaults; what still does not fit is an error the page shows, never data a
 * binding would misread (`"0" != 0` is true, so a string flag would open a dialog).
 */
import { responseValidators } from '../schema/generated/validators/responses/index';
import { deriveViews } from './views';

/** The part of an ajv standalone validator we use. */
export interface ResponseValidate {
  (data: unknown): boolean;
  errors?: ReadonlyArray<{ instancePath: string; keyword: string; params: Record<string, unknown> }> | null;
}
export interface ResponseValidatorModule {
  validate: ResponseValidate;
}
/** Response schema name (endpoints.json `response`) -> its module, or undefined when none exists. */
export type ResponseValidatorLoader = (responseName: string) => Promise<ResponseValidatorModule> | undefined;

/** The generated validators, one lazily loaded chunk each. */
export const loadResponseValidator: ResponseValidatorLoader = (name) =>
  Object.prototype.hasOwnProperty.call(responseValidators, name) ? responseValidators[name]?.() : undefined;

export type NormaliseResult = { ok: true; data: unknown } | { ok: false; detail: string };

const MAX_DEPTH = 200;

/**
 * Absent and null are one value for the app (issue 13): a null property is removed, so the
 * schema's default applies to it (schemas give `default: null` where null itself is the
 * meaning). Without this, ajv's coercion would read null as 0, "" or false and a missing
 * amount would show as 0,00 instead of failing.
 */
function dropNulls(value: unknown, depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) dropNulls(item, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (record[key] === null) delete record[key];
    else dropNulls(record[key], depth + 1);
  }
}

function describe(error: NonNullable<ResponseValidate['errors']>[number] | undefined): string {
  if (!error) return 'does not match its schema';
  // instancePath starts at the wrapper ("/data/..."), which reads as the envelope's own path.
  const where = error.instancePath.slice(1).replaceAll('/', '.');
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `${where === '' ? '' : `${where}.`}${String(p.missingProperty)} is missing`;
    case 'type':
      return `${where} must be ${String(p.type)}`;
    case 'enum':
      return `${where} must be one of ${JSON.stringify(p.allowedValues)}`;
    default:
      return `${where} fails ${error.keyword} ${JSON.stringify(p)}`;
  }
}

/**
 * Normalise `data` (a fresh copy: it is changed in place) with `validate`. The schema sits under
 * a wrapper property `data`, so a root default stands in for absent data and the root is coerced
 * like any field. `responseName` (endpoints.json `response`) also fills the server view models an
 * older backend leaves out (views.ts).
 */
export function normaliseResponse(validate: ResponseValidate, data: unknown, responseName?: string): NormaliseResult {
  const wrapper: Record<string, unknown> = { data };
  dropNulls(wrapper, 0);
  if (validate(wrapper)) {
    if (responseName !== undefined) deriveViews(responseName, wrapper.data);
    return { ok: true, data: wrapper.data };
  }
  return { ok: false, detail: describe(validate.errors?.[0]) };
}
