import type { ErrorObject } from 'ajv';
import routes from '../../config/routes.json';
import { LAYOUT_MESSAGES } from '../lint/messages';
import { loadApiCatalogue, type ApiCatalogue } from '../lint/responseSchemas';
// One edge into the linter for all of it: schema -> lint edges are listed in eslint.config.js.
import { ACTION_LIST_KEY, duplicateKeyIssues, hint, semanticIssues, typeNames, type RouteInfo } from '../lint/semantic';
import { validateLayoutStrict } from './generated/validators/strict.js';
import type { LayoutIssue } from './layoutIssue';
import { checkLayoutLimits } from './layoutLimits';

let catalogue: ApiCatalogue | null = null;

const routeInfo: RouteInfo = {
  keys: new Set([...Object.keys(routes.pages), ...Object.keys(routes.aliases)]),
  paths: new Set(Object.values(routes.pages).map((p) => p.path)),
};

/** The value a JSON pointer names in a document (own properties only). */
function valueAt(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    v = v !== null && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

/** One ajv error as an issue with a stable code; unknown widget/action types get their own. */
function toIssue(error: ErrorObject, file: string, doc: unknown): LayoutIssue {
  const pointer = error.instancePath || '/';
  const base = { file, pointer, severity: 'error' as const };
  if (error.keyword === 'discriminator') {
    const tag = String((error.params as { tagValue?: unknown }).tagValue);
    const parentKey = pointer.split('/').slice(-2, -1)[0] ?? '';
    const { actions, widgets } = typeNames();
    if (ACTION_LIST_KEY.test(parentKey)) return { ...base, pointer: `${pointer}/type`, code: 'unknown-action', message: LAYOUT_MESSAGES['unknown-action'](tag, hint(tag, actions)) };
    return { ...base, pointer: `${pointer}/type`, code: 'unknown-widget', message: LAYOUT_MESSAGES['unknown-widget'](tag, hint(tag, widgets)) };
  }
  if (error.keyword === 'enum' && pointer.endsWith('/action')) {
    const name = String(valueAt(doc, pointer));
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return { ...base, code: 'unknown-bridge-action', message: LAYOUT_MESSAGES['unknown-bridge-action'](name, hint(name, allowed.map(String))) };
  }
  if (error.keyword === 'pattern' && error.schemaPath.includes('condition.schema.json')) {
    return { ...base, code: 'condition', message: LAYOUT_MESSAGES.condition() };
  }
  let detail = error.message ?? error.keyword;
  if (error.keyword === 'additionalProperties') detail = `unknown property "${String((error.params as { additionalProperty?: unknown }).additionalProperty)}"`;
  if (error.keyword === 'enum') detail = `${detail}: ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`;
  return { ...base, code: 'schema', message: LAYOUT_MESSAGES.schema(detail) };
}

/**
 * Full validation of a layout document, for QA (npm run validate) and the layout server: depth
 * and size limits first (src/schema/layoutLimits.ts), then duplicate keys (when the file's text
 * is given), the JSON Schema (strict node union) and the semantic rules (endpoints, routes,
 * dialogs, expressions, state, bindings against response schemas), all reported in one run.
 */
export function validateLayoutDocument(doc: unknown, file: string, text?: string): LayoutIssue[] {
  // Depth and size first: the validators and the linter below recurse once per level.
  const limit = checkLayoutLimits(doc);
  if (limit) return [{ file, pointer: limit.pointer, code: limit.code, message: limit.message, severity: 'error' }];
  const issues = text === undefined ? [] : duplicateKeyIssues(text, file);
  const schemaOk = validateLayoutStrict(doc);
  if (!schemaOk) {
    const errors = validateLayoutStrict.errors ?? [];
    // allErrors reports the same spot from several angles; one issue per pointer and code reads best.
    const seen = new Set<string>();
    issues.push(...errors.map((e) => toIssue(e, file, doc)).filter((i) => !seen.has(`${i.pointer}|${i.code}`) && seen.add(`${i.pointer}|${i.code}`)));
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return issues;
  catalogue ??= loadApiCatalogue();
  // Schema errors do not hide the semantic ones: an operator fixes both from one run. The
  // linter reads defensively; should a shape the schema refused still trip it, the schema
  // issues already say why.
  try {
    issues.push(...semanticIssues(doc as Record<string, unknown>, file, catalogue, routeInfo));
  } catch (e) {
    if (schemaOk) throw e;
  }
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const id = (doc as { id?: unknown }).id;
  if (typeof id === 'string' && !file.includes('/_examples/') && !file.includes('fixtures') && id !== name) {
    issues.push({ file, pointer: '/id', code: 'id-mismatch', message: LAYOUT_MESSAGES['id-mismatch'](id, name), severity: 'error' });
  }
  return issues;
}
