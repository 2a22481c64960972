import type { ErrorObject } from 'ajv';
import routes from '../../config/routes.json';
import { knownProperties } from './knownProperties';
import { LAYOUT_MESSAGES } from './messages';
import { loadApiCatalogue, type ApiCatalogue } from './responseSchemas';
import {
  ACTION_LIST_KEY,
  duplicateKeyIssues,
  hint,
  semanticIssues,
  typeNames,
  type RouteInfo,
} from './semantic';
import { validateLayoutStrict } from '@kopa/contract/strictValidator';
import type { LayoutIssue } from '@kopa/contract';
import { checkLayoutLimits } from '@kopa/contract';
import { urlIssues } from './urlRules';
import { valueAt, withCustomNodes, type CustomWidgetSchemas } from './customWidgets';
import { typeIssues } from './types/typeCheck';
import { contractIssues } from './flow/contracts';
import { flowIssues } from './flow/infoFlow';
import { expandFragments, type Expansion, type FragmentFiles } from '@kopa/contract';
// Node only, like the API catalogue above: the browser never validates whole layouts.
import { loadFragmentFiles } from '@kopa/contract/fragmentFiles';

let catalogue: ApiCatalogue | null = null;

const routeInfo: RouteInfo = {
  keys: new Set([...Object.keys(routes.pages), ...Object.keys(routes.aliases)]),
  paths: new Set(Object.values(routes.pages).map((p) => p.path)),
};

/** The properties the object at `pointer` may have: the layout's, its widget's or its action's. */
function propertiesOf(doc: unknown, pointer: string): string[] | undefined {
  const known = knownProperties();
  if (pointer === '/' || pointer === '') return known.layout;
  const type = (valueAt(doc, pointer) as { type?: unknown } | undefined)?.type;
  if (typeof type !== 'string') return undefined;
  const parentKey = pointer.split('/').slice(-2, -1)[0] ?? '';
  return (ACTION_LIST_KEY.test(parentKey) ? known.actions : known.widgets).get(type);
}

/** One ajv error as an issue with a stable code; unknown widget/action types get their own. */
function toIssue(error: ErrorObject, file: string, doc: unknown): LayoutIssue {
  const pointer = error.instancePath || '/';
  const base = { file, pointer, severity: 'error' as const };
  if (error.keyword === 'discriminator') {
    const tag = String((error.params as { tagValue?: unknown }).tagValue);
    const parentKey = pointer.split('/').slice(-2, -1)[0] ?? '';
    const { actions, widgets } = typeNames();
    if (ACTION_LIST_KEY.test(parentKey))
      return {
        ...base,
        pointer: `${pointer}/type`,
        code: 'unknown-action',
        message: LAYOUT_MESSAGES['unknown-action'](tag, hint(tag, actions)),
      };
    return {
      ...base,
      pointer: `${pointer}/type`,
      code: 'unknown-widget',
      message: LAYOUT_MESSAGES['unknown-widget'](tag, hint(tag, widgets)),
    };
  }
  if (error.keyword === 'enum' && pointer.endsWith('/action')) {
    const name = String(valueAt(doc, pointer));
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return {
      ...base,
      code: 'unknown-bridge-action',
      message: LAYOUT_MESSAGES['unknown-bridge-action'](name, hint(name, allowed.map(String))),
    };
  }
  if (error.keyword === 'pattern' && error.schemaPath.includes('condition.schema.json')) {
    return { ...base, code: 'condition', message: LAYOUT_MESSAGES.condition() };
  }
  let detail = error.message ?? error.keyword;
  if (error.keyword === 'additionalProperties') {
    const name = String((error.params as { additionalProperty?: unknown }).additionalProperty);
    const known = propertiesOf(doc, pointer);
    detail = `unknown property "${name}"${known ? hint(name, known) : ''}`;
  }
  if (error.keyword === 'enum')
    detail = `${detail}: ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`;
  return { ...base, code: 'schema', message: LAYOUT_MESSAGES.schema(detail) };
}

/**
 * An issue found in the expanded layout, told where it was written: a pointer of the layout
 * itself (moved back over spliced fragments), or the use site plus the pointer into the fragment.
 */
function located(issue: LayoutIssue, expansion: Expansion): LayoutIssue {
  const origin = expansion.origin(issue.pointer);
  if (origin.fragment === null) return { ...issue, pointer: origin.pointer };
  return {
    ...issue,
    pointer: origin.useSite ?? '',
    fragment: { name: origin.fragment, pointer: origin.pointer },
  };
}

export interface ValidateOptions {
  /** Fragment files by name (default: the repository's layouts/_fragments). */
  fragments?: FragmentFiles;
  /** Widgets the app adds to the renderer, by node type (customWidgets.ts): checked by their own schemas. */
  widgets?: CustomWidgetSchemas;
}

/** What expanding the fragments found (unknown fragments with a suggestion, bad params, ...). */
function fragmentIssues(expansion: Expansion, file: string): LayoutIssue[] {
  return expansion.issues.map((f) => ({
    file,
    pointer: f.pointer,
    code: f.code,
    message: f.unknown
      ? LAYOUT_MESSAGES['unknown-fragment'](f.unknown.name, hint(f.unknown.name, f.unknown.known))
      : f.message,
    severity: 'error' as const,
    ...(f.fragment ? { fragment: f.fragment } : {}),
  }));
}

/** The strict JSON Schema's errors, one issue per pointer and code. */
function schemaIssues(
  doc: unknown,
  file: string,
  widgets: CustomWidgetSchemas | undefined,
): { ok: boolean; issues: LayoutIssue[] } {
  if (validateLayoutStrict(doc)) return { ok: true, issues: [] };
  // A node in an action list is an action, whatever its type says: never a custom widget.
  const isWidgetSite = (pointer: string) =>
    !ACTION_LIST_KEY.test(pointer.split('/').slice(-2, -1)[0] ?? '');
  const errors = withCustomNodes(validateLayoutStrict.errors ?? [], doc, widgets, isWidgetSite);
  if (errors.length === 0) return { ok: true, issues: [] };
  // allErrors reports the same spot from several angles; one issue per pointer and code reads best.
  const seen = new Set<string>();
  const issues = errors
    .map((e) => toIssue(e, file, doc))
    .filter((i) => !seen.has(`${i.pointer}|${i.code}`) && seen.add(`${i.pointer}|${i.code}`));
  return { ok: false, issues };
}

/**
 * The semantic rules: endpoints, routes, dialogs, expressions, state, bindings against response
 * schemas, URLs and where data flows, types, screen contracts; pushed onto `issues` as they are
 * found, so those found before a rule throws are kept.
 */
function pushRuleIssues(
  doc: Record<string, unknown>,
  file: string,
  expansion: Expansion,
  issues: LayoutIssue[],
): void {
  catalogue ??= loadApiCatalogue();
  issues.push(...semanticIssues(doc, file, catalogue, routeInfo));
  const urls = urlIssues(doc, file);
  issues.push(...urls);
  // The flow analysis sees more sinks and more ways in; where the older URL rule already spoke, one issue.
  const said = new Set(urls.map((i) => i.pointer));
  issues.push(
    ...flowIssues(doc, file).filter(
      (i) => !(said.has(i.pointer) && (i.code === 'session-leak' || i.code === 'foreign-host')),
    ),
  );
  issues.push(...typeIssues(doc, file, catalogue, expansion.paramAt));
  issues.push(...contractIssues(doc, file, catalogue));
}

/** A layout's id is its file name (examples and test fixtures aside). */
function idIssue(doc: object, file: string): LayoutIssue | null {
  const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
  const id = (doc as { id?: unknown }).id;
  if (
    typeof id !== 'string' ||
    file.includes('/_examples/') ||
    file.includes('fixtures') ||
    id === name
  )
    return null;
  return {
    file,
    pointer: '/id',
    code: 'id-mismatch',
    message: LAYOUT_MESSAGES['id-mismatch'](id, name),
    severity: 'error',
  };
}

/**
 * The issues found in the expanded layout (from `start` on) told where they were written. The
 * same problem in a fragment used twice is one issue per use site: each is a place to look.
 */
function locatedIssues(issues: LayoutIssue[], start: number, expansion: Expansion): LayoutIssue[] {
  const seen = new Set<string>();
  return [
    ...issues.slice(0, start),
    ...issues.slice(start).map((i) => located(i, expansion)),
  ].filter((i) => {
    const key = `${i.pointer}|${i.fragment?.name ?? ''}|${i.fragment?.pointer ?? ''}|${i.code}|${i.message}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/**
 * Full validation of a layout document, for QA (npm run validate) and the layout server: depth
 * and size limits first (src/contract/schema/layoutLimits.ts), then duplicate keys (when the file's text
 * is given), the fragments it uses (src/contract/layout/fragments.ts: the rest is checked on the expanded
 * layout, as it is served), the JSON Schema (strict node union) and the semantic rules
 * (endpoints, routes, dialogs, expressions, state, computed, bindings against response schemas),
 * all reported in one run.
 */
export function validateLayoutDocument(
  raw: unknown,
  file: string,
  text?: string,
  options: ValidateOptions = {},
): LayoutIssue[] {
  // Depth and size first: the validators and the linter below recurse once per level.
  const rawLimit = checkLayoutLimits(raw);
  if (rawLimit)
    return [
      {
        file,
        pointer: rawLimit.pointer,
        code: rawLimit.code,
        message: rawLimit.message,
        severity: 'error',
      },
    ];
  const issues = text === undefined ? [] : duplicateKeyIssues(text, file);
  const expansion = expandFragments(raw, options.fragments ?? loadFragmentFiles().files);
  issues.push(...fragmentIssues(expansion, file));
  const doc = expansion.doc;
  // A fragment can make a small layout large: the expanded layout meets the same limits.
  const limit = expansion.used ? checkLayoutLimits(doc) : null;
  if (limit)
    return [
      ...issues,
      { file, pointer: '', code: limit.code, message: limit.message, severity: 'error' },
    ];
  const start = issues.length;
  const schema = schemaIssues(doc, file, options.widgets);
  issues.push(...schema.issues);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return issues;
  // Schema errors do not hide the semantic ones: an operator fixes both from one run. The
  // linter reads defensively; should a shape the schema refused still trip it, the schema
  // issues already say why.
  try {
    pushRuleIssues(doc as Record<string, unknown>, file, expansion, issues);
  } catch (e) {
    if (schema.ok) throw e;
  }
  const id = idIssue(doc, file);
  if (id) issues.push(id);
  return expansion.used ? locatedIssues(issues, start, expansion) : issues;
}

/**
 * validateLayoutDocument for callers that must never crash on one file (the publish gate,
 * `npm run validate`): should a check still throw, that is one `not-checked` issue for the file.
 */
export function validateLayoutSafely(
  raw: unknown,
  file: string,
  text?: string,
  options: ValidateOptions = {},
): LayoutIssue[] {
  try {
    return validateLayoutDocument(raw, file, text, options);
  } catch (e) {
    const message = LAYOUT_MESSAGES['not-checked'](e instanceof Error ? e.message : String(e));
    return [{ file, pointer: '', code: 'not-checked', message, severity: 'error' }];
  }
}
