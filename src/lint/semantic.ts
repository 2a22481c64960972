import { analyzeTemplate, hasBindings } from '../expr';
import { exprFunctions } from '../render/exprFunctions';
import type { LayoutIssue } from '../schema/layoutIssue';
import { MAX_LAYOUT_DEPTH } from '../schema/layoutLimits';
import { LAYOUT_MESSAGES } from './messages';
import { escapePointer } from '../render/resolve';
import { followPath, itemSchema, type ApiCatalogue, type JsonSchemaLike } from './responseSchemas';

export interface RouteInfo {
  keys: ReadonlySet<string>;
  paths: ReadonlySet<string>;
}

interface Typed {
  schema: JsonSchemaLike | undefined;
  root: JsonSchemaLike;
  endpoint: string;
}

interface Ctx {
  file: string;
  issues: LayoutIssue[];
  catalogue: ApiCatalogue;
  routes: RouteInfo;
  sources: Record<string, string>;
  dialogs: ReadonlySet<string>;
  locals: ReadonlyMap<string, Typed | null>;
  ids: Map<string, string>;
}

/** Names a binding may start with; widgets add locals of their own (item, option, file, ...). */
const SCOPE_NAMES = new Set(['data', 'state', 'query', 'config', 'dialogs', 'sources', 'item', 'index', 'response', 'error', 'file', 'option', 'seconds', 'value', 'screen', 'local']);
const FUNCTIONS = new Set(Object.keys(exprFunctions));
/** Layout keys that hold action lists: event handlers are named on*, an if has then/else. */
export const ACTION_LIST_KEY = /^(on[A-Z]\w*|then|else)$/;

function add(ctx: Ctx, pointer: string, code: keyof typeof LAYOUT_MESSAGES, message: string, severity: 'error' | 'warning' = 'error') {
  ctx.issues.push({ file: ctx.file, pointer, code, message, severity });
}

function checkPath(ctx: Ctx, pointer: string, path: string[]) {
  const [head, ...rest] = path;
  if (!head) return;
  if (head === 'data') {
    const [source, ...fields] = rest;
    if (!source) return;
    const endpoint = ctx.sources[source];
    if (!endpoint) return add(ctx, pointer, 'unknown-data-source', LAYOUT_MESSAGES['unknown-data-source'](source));
    const response = ctx.catalogue.response(endpoint);
    if (!response) return;
    const result = followPath(response.schema, response.root, fields);
    if (!result.ok) {
      const at = ['data', source, ...fields.slice(0, result.at)].join('.');
      add(ctx, pointer, 'unknown-field', LAYOUT_MESSAGES['unknown-field'](at, result.missing, endpoint));
    }
    return;
  }
  const local = ctx.locals.get(head);
  if (local?.schema) {
    const result = followPath(local.schema, local.root, rest);
    if (!result.ok) {
      const at = [head, ...rest.slice(0, result.at)].join('.');
      add(ctx, pointer, 'unknown-field', LAYOUT_MESSAGES['unknown-field'](at, result.missing, local.endpoint));
    }
    return;
  }
  if (!SCOPE_NAMES.has(head) && !ctx.locals.has(head)) add(ctx, pointer, 'unknown-name', LAYOUT_MESSAGES['unknown-name'](head), 'warning');
}

function checkString(ctx: Ctx, value: string, pointer: string) {
  if (!hasBindings(value)) return;
  const analysis = analyzeTemplate(value, pointer);
  for (const e of analysis.errors) add(ctx, pointer, 'expression-syntax', LAYOUT_MESSAGES['expression-syntax'](e.message));
  for (const f of analysis.functions) if (!FUNCTIONS.has(f)) add(ctx, pointer, 'unknown-function', LAYOUT_MESSAGES['unknown-function'](f));
  for (const p of analysis.paths) checkPath(ctx, pointer, p);
}

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

function checkAction(ctx: Ctx, action: Record<string, unknown>, pointer: string): Ctx {
  const type = action.type;
  if (type === 'http' && typeof action.endpoint === 'string') {
    if (!Object.hasOwn(ctx.catalogue.endpoints, action.endpoint)) {
      add(ctx, `${pointer}/endpoint`, 'unknown-endpoint', LAYOUT_MESSAGES['unknown-endpoint'](action.endpoint));
    } else {
      const response = ctx.catalogue.response(action.endpoint);
      const locals = new Map(ctx.locals);
      locals.set('response', response ? { schema: response.schema, root: response.root, endpoint: action.endpoint } : null);
      return { ...ctx, locals };
    }
  }
  if (type === 'navigate' && typeof action.to === 'string' && !hasBindings(action.to)) {
    const to = action.to;
    const known = to.startsWith('/') ? ctx.routes.paths.has(to.split('?')[0] ?? '') : ctx.routes.keys.has(to);
    if (!known) add(ctx, `${pointer}/to`, 'unknown-route', LAYOUT_MESSAGES['unknown-route'](to));
  }
  if ((type === 'openDialog' || type === 'closeDialog') && typeof action.dialog === 'string' && !ctx.dialogs.has(action.dialog)) {
    add(ctx, `${pointer}/dialog`, 'unknown-dialog', LAYOUT_MESSAGES['unknown-dialog'](action.dialog));
  }
  if (type === 'reload' && typeof action.source === 'string' && !Object.hasOwn(ctx.sources, action.source)) {
    add(ctx, `${pointer}/source`, 'unknown-data-source', LAYOUT_MESSAGES['unknown-data-source'](action.source));
  }
  return ctx;
}

function walk(ctx: Ctx, value: unknown, pointer: string, inActions: boolean, depth: number): void {
  // `depth` counts pointer segments below the top-level key. validateLayoutDocument refuses a
  // deeper layout before this runs (src/schema/layoutLimits.ts); the guard keeps a direct caller safe.
  if (depth >= MAX_LAYOUT_DEPTH) return;
  if (typeof value === 'string') return checkString(ctx, value, pointer);
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(ctx, v, `${pointer}/${i}`, inActions, depth + 1));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  let here = ctx;
  if (inActions) here = checkAction(ctx, obj, pointer);
  else if (obj.type === 'repeat') {
    const locals = new Map(ctx.locals);
    const itemName = typeof obj.itemAs === 'string' ? obj.itemAs : 'item';
    locals.set(itemName, listItemType(ctx, obj.items));
    here = { ...ctx, locals };
  }
  if (!inActions && typeof obj.id === 'string' && typeof obj.type === 'string') {
    const first = ctx.ids.get(obj.id);
    if (first) add(ctx, `${pointer}/id`, 'duplicate-id', LAYOUT_MESSAGES['duplicate-id'](obj.id), 'warning');
    else ctx.ids.set(obj.id, pointer);
  }
  for (const [key, v] of Object.entries(obj)) {
    const ptr = `${pointer}/${escapePointer(key)}`;
    const childCtx = key === 'items' && obj.type === 'repeat' ? ctx : here;
    walk(childCtx, v, ptr, ACTION_LIST_KEY.test(key) ? true : inActions && key !== 'params', depth + 1);
  }
}

/** The semantic rules a JSON Schema cannot express: names that must exist elsewhere. */
export function semanticIssues(doc: Record<string, unknown>, file: string, catalogue: ApiCatalogue, routes: RouteInfo): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const sources: Record<string, string> = {};
  const dataSources = (doc.dataSources ?? {}) as Record<string, { endpoint?: unknown }>;
  for (const [name, source] of Object.entries(dataSources)) {
    if (typeof source?.endpoint !== 'string') continue;
    sources[name] = source.endpoint;
    if (!Object.hasOwn(catalogue.endpoints, source.endpoint)) {
      issues.push({ file, pointer: `/dataSources/${name}/endpoint`, code: 'unknown-endpoint', message: LAYOUT_MESSAGES['unknown-endpoint'](source.endpoint), severity: 'error' });
    }
  }
  const dialogs = new Set(((doc.dialogs ?? []) as { id?: unknown }[]).map((d) => d?.id).filter((id): id is string => typeof id === 'string'));
  const ctx: Ctx = { file, issues, catalogue, routes, sources, dialogs, locals: new Map(), ids: new Map() };
  for (const key of ['title', 'dataSources', 'state', 'body', 'dialogs']) walk(ctx, doc[key], `/${key}`, false, 0);
  walk(ctx, doc.onLoad, '/onLoad', true, 0);
  walk(ctx, doc.onBack, '/onBack', true, 0);
  return issues;
}
