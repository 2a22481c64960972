/**
 * The typed boundary: every endpoint's data passes its response schema before any
 * binding sees it. Backends differ in shape, not meaning: "1" for 1, 7 for "7", a field left out
 * or sent as null. The compiled validators (scripts/lib/genValidators.ts) coerce scalars and fill
 * the schema's defaults; a value that still does not fit is left out, never passed on for a
 * binding to misread (`"0" != 0` is true, so a string flag would open a dialog).
 *
 * Per field, not per answer: a field of the wrong kind is left out and a required one
 * absent is noted, each a `problem` the caller reports once; the rest of the answer reaches the
 * page, whose nodes bound to the field show nothing. The whole answer is refused only when its
 * data is of the wrong kind at the root or carries none of the fields its schema requires.
 */
import { responseValidators } from '@kopa/contract';
import { missingRequired, nothingRequiredCame, type RequiredTree } from './requiredFields';
import { deriveViews } from './views';

/** The part of an ajv standalone validator we use. */
export interface ResponseValidate {
  (data: unknown): boolean;
  errors?: ReadonlyArray<{
    instancePath: string;
    keyword: string;
    params: Record<string, unknown>;
  }> | null;
}
export interface ResponseValidatorModule {
  validate: ResponseValidate;
  /** The fields the schema requires (generated beside the validator); none when left out. */
  required?: RequiredTree;
}
/** Response schema name (endpoints.json `response`) -> its module, or undefined when none exists. */
export type ResponseValidatorLoader = (
  responseName: string,
) => Promise<ResponseValidatorModule> | undefined;

/** The generated validators, one lazily loaded chunk each. */
export const loadResponseValidator: ResponseValidatorLoader = (name) =>
  Object.prototype.hasOwnProperty.call(responseValidators, name)
    ? responseValidators[name]?.()
    : undefined;

/** `problems`: what was left out or missing, for the report (never shown to the borrower). */
export type NormaliseResult =
  { ok: true; data: unknown; problems: string[] } | { ok: false; detail: string };

const MAX_DEPTH = 200;

/**
 * Absent and null are one value for the app: a null property is removed, so the
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

/** More values left out than this: the answer is not the endpoint's at all. */
const MAX_LEFT_OUT = 100;

/**
 * Removes the value at an ajv instance path (`/data/list/0/amount`) from its parent: a property is
 * deleted (its default, if any, applies on the next pass), an array item taken out. False when
 * the path is the data root (or the wrapper) or no longer leads anywhere.
 */
function leaveOut(wrapper: Record<string, unknown>, instancePath: string): boolean {
  const keys = instancePath
    .split('/')
    .slice(1)
    .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (keys.length < 2) return false;
  let parent: unknown = wrapper;
  for (const k of keys.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return false;
    parent = (parent as Record<string, unknown>)[k];
  }
  const last = keys[keys.length - 1]!;
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length) return false;
    parent.splice(index, 1);
    return true;
  }
  if (
    parent === null ||
    typeof parent !== 'object' ||
    !Object.prototype.hasOwnProperty.call(parent, last)
  )
    return false;
  delete (parent as Record<string, unknown>)[last];
  return true;
}

/**
 * Normalise `data` (a fresh copy: it is changed in place) with the response's validator module.
 * The schema sits under a wrapper property `data`, so a root default stands in for absent data and
 * the root is coerced like any field. `responseName` (endpoints.json `response`) also fills the
 * server view models an older backend leaves out (views.ts).
 */
export function normaliseResponse(
  module: ResponseValidatorModule,
  data: unknown,
  responseName?: string,
): NormaliseResult {
  const { validate } = module;
  const wrapper: Record<string, unknown> = { data };
  dropNulls(wrapper, 0);
  const problems: string[] = [];
  // What the backend sent at the top, before any default: a default is not an answer.
  const sent =
    typeof wrapper.data === 'object' && wrapper.data !== null
      ? new Set(Object.keys(wrapper.data))
      : new Set<string>();
  for (let passes = 0; !validate(wrapper); passes++) {
    const error = validate.errors?.[0];
    // The root of the wrong kind (a list for an object, a string): nothing of it can be used.
    if (!error || passes >= MAX_LEFT_OUT || !leaveOut(wrapper, error.instancePath))
      return { ok: false, detail: describe(error) };
    problems.push(`${describe(error)} (left out)`);
  }
  if (nothingRequiredCame(wrapper.data, module.required, sent)) {
    return { ok: false, detail: `data has none of ${(module.required?.r ?? []).join(', ')}` };
  }
  for (const path of missingRequired(wrapper.data, module.required))
    problems.push(`${path} is missing`);
  if (responseName !== undefined) deriveViews(responseName, wrapper.data, problems);
  return { ok: true, data: wrapper.data, problems };
}
