import { hasBindings } from '@kopa/expr';
import type { LayoutIssue } from '@kopa/contract';
import { MAX_LAYOUT_DEPTH } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';
import { escapePointer } from '@kopa/contract';
import { followPath, itemSchema, type ApiCatalogue } from './responseSchemas';
import { ACTION_LIST_KEY, DATA_SOURCE, localsOf } from './scopes';
import { add, checkPath, checkString, type Ctx, type RouteInfo, type Typed } from './bindingRules';
import { stateRoot, writeKeys } from './state';
import { scanJsonText } from './jsonText';
import { hint } from './suggest';
import { formIssues } from './formRules';
import { orderIssues } from './order';
import { computedCycleIssues } from './computed';

// For validateLayout.ts, which reads the rules through this file only.
export { hint } from './suggest';
export { typeNames } from './typeNames';

export type { RouteInfo } from './bindingRules';
export { ACTION_LIST_KEY };

/** The typed element of a list binding such as "{{ data.plan.repayPlanDetail.repayWaitDetail }}". */
function listItemType(ctx: Ctx, items: unknown): Typed | null {
  if (typeof items !== 'string') return null;
  const match = /^\s*\{\{\s*data\.([A-Za-z_]\w*)((?:\.[A-Za-z_$][\w$]*)*)\s*\}\}\s*$/.exec(items);
  if (!match) return null;
  const endpoint = ctx.sources[match[1] ?? ''];
  const response = endpoint ? ctx.catalogue.response(endpoint) : undefined;
  if (!endpoint || !response) return null;
  const fields = (match[2] ?? '').split('.').filter(Boolean);
  const found = followPath(response.schema, response.root, fields);
  if (!found.ok) return null;
  return { schema: itemSchema(found.schema, response.root), root: response.root, endpoint };
}

/** An http action's `requires` names fields of its endpoint's answer. */
function checkRequires(ctx: Ctx, endpoint: string, requires: unknown[], pointer: string): void {
  const response = ctx.catalogue.response(endpoint);
  if (!response) return;
  requires.forEach((path, i) => {
    if (typeof path !== 'string') return;
    const fields = path.split('.');
    const result = followPath(response.schema, response.root, fields);
    if (!result.ok) {
      const at = ['response', ...fields.slice(0, result.at)].join('.');
      add(
        ctx,
        `${pointer}/${i}`,
        'unknown-field',
        LAYOUT_MESSAGES['unknown-field'](
          at,
          result.missing,
          endpoint,
          hint(result.missing, result.known),
        ),
      );
    }
  });
}

function checkAction(ctx: Ctx, action: Record<string, unknown>, pointer: string): void {
  const type = action.type;
  if (type === 'http' && typeof action.endpoint === 'string' && Array.isArray(action.requires))
    checkRequires(ctx, action.endpoint, action.requires, `${pointer}/requires`);
  if (
    type === 'http' &&
    typeof action.endpoint === 'string' &&
    !Object.hasOwn(ctx.catalogue.endpoints, action.endpoint)
  ) {
    const known = Object.keys(ctx.catalogue.endpoints);
    add(
      ctx,
      `${pointer}/endpoint`,
      'unknown-endpoint',
      LAYOUT_MESSAGES['unknown-endpoint'](action.endpoint, hint(action.endpoint, known)),
    );
  }
  if (type === 'navigate' && typeof action.to === 'string' && !hasBindings(action.to)) {
    const to = action.to;
    const known = to.startsWith('/')
      ? ctx.routes.paths.has(to.split('?')[0] ?? '')
      : ctx.routes.keys.has(to);
    const names = to.startsWith('/') ? ctx.routes.paths : ctx.routes.keys;
    if (!known)
      add(
        ctx,
        `${pointer}/to`,
        'unknown-route',
        LAYOUT_MESSAGES['unknown-route'](to, hint(to.split('?')[0] ?? to, names)),
      );
  }
  if (
    (type === 'openDialog' || type === 'closeDialog') &&
    typeof action.dialog === 'string' &&
    !ctx.dialogs.has(action.dialog)
  ) {
    add(
      ctx,
      `${pointer}/dialog`,
      'unknown-dialog',
      LAYOUT_MESSAGES['unknown-dialog'](action.dialog, hint(action.dialog, ctx.dialogs)),
    );
  }
  if (
    type === 'reload' &&
    typeof action.source === 'string' &&
    !Object.hasOwn(ctx.sources, action.source)
  ) {
    add(
      ctx,
      `${pointer}/source`,
      'unknown-data-source',
      LAYOUT_MESSAGES['unknown-data-source'](
        action.source,
        hint(action.source, Object.keys(ctx.sources)),
      ),
    );
  }
}

/**
 * Locals a widget, action or data source (type DATA_SOURCE) adds to one of its properties; a
 * response is typed by the endpoint's response schema.
 */
function withLocals(ctx: Ctx, obj: Record<string, unknown>, key: string, inActions: boolean): Ctx {
  const names = localsOf(obj.type, key, inActions);
  if (names.length === 0) return ctx;
  const locals = new Map(ctx.locals);
  for (const name of names) locals.set(name, null);
  const endpoint = obj.endpoint;
  const response =
    names.includes('response') && typeof endpoint === 'string'
      ? ctx.catalogue.response(endpoint)
      : undefined;
  if (response && typeof endpoint === 'string')
    locals.set('response', { schema: response.schema, root: response.root, endpoint });
  return { ...ctx, locals };
}

/** A state path written by an action or widget must start with a name layout.state declares. */
function checkWrites(
  ctx: Ctx,
  obj: Record<string, unknown>,
  pointer: string,
  inActions: boolean,
): void {
  for (const key of writeKeys(obj, inActions)) {
    const root = stateRoot(String(obj[key]));
    if (!ctx.state.has(root))
      add(
        ctx,
        `${pointer}/${key}`,
        'unknown-state',
        LAYOUT_MESSAGES['unknown-state'](root, hint(root, ctx.state)),
      );
  }
}

function walk(ctx: Ctx, value: unknown, pointer: string, inActions: boolean, depth: number): void {
  // `depth` counts pointer segments below the top-level key. validateLayoutDocument refuses a
  // deeper layout before this runs (src/contract/schema/layoutLimits.ts); the guard keeps a direct caller safe.
  if (depth >= MAX_LAYOUT_DEPTH) return;
  if (typeof value === 'string') return checkString(ctx, value, pointer);
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(ctx, v, `${pointer}/${i}`, inActions, depth + 1));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  let here = ctx;
  if (inActions) checkAction(ctx, obj, pointer);
  else if (obj.type === 'repeat') {
    // The row's item and index are visible to the template, not to the items binding itself.
    const locals = new Map(ctx.locals);
    locals.set(typeof obj.itemAs === 'string' ? obj.itemAs : 'item', listItemType(ctx, obj.items));
    locals.set(typeof obj.indexAs === 'string' ? obj.indexAs : 'index', null);
    here = { ...ctx, locals };
  }
  checkWrites(ctx, obj, pointer, inActions);
  if (!inActions && typeof obj.id === 'string' && typeof obj.type === 'string') {
    const first = ctx.ids.get(obj.id);
    if (first) add(ctx, `${pointer}/id`, 'duplicate-id', LAYOUT_MESSAGES['duplicate-id'](obj.id));
    else ctx.ids.set(obj.id, pointer);
  }
  for (const [key, v] of Object.entries(obj)) {
    // A comment is prose for the next operator: `{{ }}` in it is text, never a binding.
    if (key === '$comment') continue;
    const ptr = `${pointer}/${escapePointer(key)}`;
    const childCtx = withLocals(
      key === 'items' && obj.type === 'repeat' && !inActions ? ctx : here,
      obj,
      key,
      inActions,
    );
    walk(
      childCtx,
      v,
      ptr,
      ACTION_LIST_KEY.test(key) ? true : inActions && key !== 'params',
      depth + 1,
    );
  }
}

/** The semantic rules a JSON Schema cannot express: names that must exist elsewhere. */
export function semanticIssues(
  doc: Record<string, unknown>,
  file: string,
  catalogue: ApiCatalogue,
  routes: RouteInfo,
): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const sources: Record<string, string> = {};
  const dataSources = (doc.dataSources ?? {}) as Record<string, { endpoint?: unknown }>;
  for (const [name, source] of Object.entries(dataSources)) {
    if (typeof source?.endpoint !== 'string') continue;
    sources[name] = source.endpoint;
    if (!Object.hasOwn(catalogue.endpoints, source.endpoint)) {
      const message = LAYOUT_MESSAGES['unknown-endpoint'](
        source.endpoint,
        hint(source.endpoint, Object.keys(catalogue.endpoints)),
      );
      issues.push({
        file,
        pointer: `/dataSources/${escapePointer(name)}/endpoint`,
        code: 'unknown-endpoint',
        message,
        severity: 'error',
      });
    }
  }
  const dialogs = new Set(
    ((doc.dialogs ?? []) as { id?: unknown }[])
      .map((d) => d?.id)
      .filter((id): id is string => typeof id === 'string'),
  );
  const declared =
    doc.state !== null && typeof doc.state === 'object' && !Array.isArray(doc.state)
      ? Object.keys(doc.state)
      : [];
  const computed = isObject(doc.computed) ? doc.computed : {};
  const ctx: Ctx = {
    file,
    issues,
    catalogue,
    routes,
    sources,
    dialogs,
    locals: new Map(),
    ids: new Map(),
    state: new Set(declared),
    computed: new Set(Object.keys(computed)),
  };
  issues.push(...computedCycleIssues(computed, file));
  const persist = Array.isArray(doc.persist) ? (doc.persist as { path?: unknown }[]) : [];
  persist.forEach((p, i) =>
    checkWrites(ctx, { type: 'persist', path: p?.path }, `/persist/${i}`, true),
  );
  for (const [name, source] of Object.entries(dataSources)) {
    if (source === null || typeof source !== 'object') continue;
    // The fields a screen cannot live without must be fields of its answer.
    const requires = (source as { requires?: unknown }).requires;
    if (Array.isArray(requires)) {
      requires.forEach((path, i) => {
        if (typeof path === 'string')
          checkPath(ctx, `/dataSources/${escapePointer(name)}/requires/${i}`, [
            'data',
            name,
            ...path.split('.'),
          ]);
      });
    }
    const asNode = { ...source, type: DATA_SOURCE };
    for (const [key, v] of Object.entries(source)) {
      const ptr = `/dataSources/${escapePointer(name)}/${escapePointer(key)}`;
      walk(withLocals(ctx, asNode, key, false), v, ptr, ACTION_LIST_KEY.test(key), 2);
    }
  }
  for (const key of ['title', 'state', 'computed', 'body', 'dialogs'])
    walk(ctx, doc[key], `/${key}`, false, 0);
  walk(ctx, doc.onLoad, '/onLoad', true, 0);
  walk(ctx, doc.onBack, '/onBack', true, 0);
  walk(ctx, doc.onRefresh, '/onRefresh', true, 0);
  issues.push(...formIssues(doc, file), ...orderIssues(doc, file));
  return issues;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Keys written twice in one object of the file's text (JSON.parse silently keeps the last). */
export function duplicateKeyIssues(text: string, file: string): LayoutIssue[] {
  return scanJsonText(text).duplicates.map((d) => ({
    file,
    pointer: d.pointer,
    code: 'duplicate-key',
    message: LAYOUT_MESSAGES['duplicate-key'](d.key, d.first.line, d.first.column),
    severity: 'error' as const,
  }));
}
