import type { ErrorObject } from 'ajv';
import routes from '../../config/routes.json';
import { LAYOUT_MESSAGES } from '../lint/messages';
import { loadApiCatalogue, type ApiCatalogue } from '../lint/responseSchemas';
import { ACTION_LIST_KEY, semanticIssues, type RouteInfo } from '../lint/semantic';
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
    if (ACTION_LIST_KEY.test(parentKey)) return { ...base, pointer: `${pointer}/type`, code: 'unknown-action', message: LAYOUT_MESSAGES['unknown-action'](tag) };
    return { ...base, pointer: `${pointer}/type`, code: 'unknown-widget', message: LAYOUT_MESSAGES['unknown-widget'](tag) };
  }
  if (error.keyword === 'enum' && pointer.endsWith('/action')) {
    return { ...base, code: 'unknown-bridge-action', message: LAYOUT_MESSAGES['unknown-bridge-action'](String(valueAt(doc, pointer))) };
  }
  let detail = error.message ?? error.keyword;
  if (error.keyword === 'additionalProperties') detail = `unknown property "${String((error.params as { additionalProperty?: unknown }).additionalProperty)}"`;
  if (error.keyword === 'enum') detail = `${detail}: ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`;
  return { ...base, code: 'schema', message: LAYOUT_MESSAGES.schema(detail) };
}

/**
 * Full validation of a layout document, for QA (npm run validate) and the layout server: depth
 * and size limits first (src/schema/layoutLimits.ts), then the JSON Schema (strict node union),
 * then the semantic rules (endpoints, routes, dialogs, expressions, bindings against response
 * schemas).
 */
export function validateLayoutDocument(doc: unknown, file: string): LayoutIssue[] {
  // Depth and size first: the validators and the linter below recurse once per level.
  const limit = checkLayoutLimits(doc);
  if (limit) return [{ file, pointer: limit.pointer, code: limit.code, message: limit.message, severity: 'error' }];
  if (!validateLayoutStrict(doc)) {
    const errors = validateLayoutStrict.errors ?? [];
    // allErrors reports the same spot from several angles; one issue per pointer and code reads best.
    const seen = new Set<string>();
    return errors.map((e) => toIssue(e, file, doc)).filter((i) => !seen.has(`${i.pointer}|${i.code}`) && seen.add(`${i.pointer}|${i.code}`));
  }
  catalogue ??= loadApiCatalogue();
  const issues = semanticIssues(doc as Record<string, unknown>, file, catalogue, routeInfo);
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const id = (doc as { id?: unknown }).id;
  if (typeof id === 'string' && !file.includes('/_examples/') && !file.includes('fixtures') && id !== name) {
    issues.push({ file, pointer: '/id', code: 'id-mismatch', message: LAYOUT_MESSAGES['id-mismatch'](id, name), severity: 'error' });
  }
  return issues;
}
