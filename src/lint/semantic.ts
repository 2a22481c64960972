import { analyzeTemplate, hasBindings } from '@kopa/expr';
import { exprFunctions } from '@kopa/runtime';
import type { LayoutIssue } from '@kopa/contract';
import { MAX_LAYOUT_DEPTH } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';
import { escapePointer } from '@kopa/contract';
import { followPath, itemSchema, type ApiCatalogue, type JsonSchemaLike } from './responseSchemas';
import { arityText, FUNCTION_ARITY } from './arity';
import { callSites } from './calls';
import { ACTION_LIST_KEY, DATA_SOURCE, localsOf, PAGE_NAMES } from './scopes';
import { stateRoot, writeKeys } from './state';
import { scanJsonText } from './jsonText';
import { hint } from './suggest';
import { formIssues } from './formRules';
import { orderIssues } from './order';
import { computedCycleIssues } from './computed';
import { hasMessage, messageKeys, messageKeysIn } from './messageKeys';

// For validateLayout.ts, which reads the rules through this file only.
export { hint } from './suggest';
export { typeNames } from './typeNames';

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
  /** Top-level names of layout.state: the only ones bindings read and actions write. */
  state: ReadonlySet<string>;
  /** Names of layout.computed: the only ones computed.* may read. */
  computed: ReadonlySet<string>;
}

/** Names every binding may start with; widgets and actions add locals (src/lint/scopes.ts). */
const SCOPE_NAMES = new Set(PAGE_NAMES);
const FUNCTIONS = new Set(Object.keys(exprFunctions));
export { ACTION_LIST_KEY };

function add(
  ctx: Ctx,
  pointer: string,
  code: keyof typeof LAYOUT_MESSAGES,
  message: string,
  severity: 'error' | 'warning' = 'error',
) {
  // One binding may read the same wrong name several times: one issue says it.
  if (ctx.issues.some((i) => i.pointer === pointer && i.code === code && i.message === message))
    return;
  ctx.issues.push({ file: ctx.file, pointer, code, message, severity });
}

/** The fields after `prefix` exist in the response schema (of `endpoint`) they are read from. */
function checkFields(
  ctx: Ctx,
  pointer: string,
  typed: Typed & { schema: JsonSchemaLike },
  prefix: string[],
  fields: string[],
) {
  const result = followPath(typed.schema, typed.root, fields);
  if (result.ok) return;
  const at = [...prefix, ...fields.slice(0, result.at)].join('.');
  add(
    ctx,
    pointer,
    'unknown-field',
    LAYOUT_MESSAGES['unknown-field'](
      at,
      result.missing,
      typed.endpoint,
      hint(result.missing, result.known),
    ),
  );
}

/** data.<source>.<fields>: a source the layout declares, and fields its response has. */
function checkDataPath(ctx: Ctx, pointer: string, rest: string[]) {
  const [source, ...fields] = rest;
  if (!source) return;
  const endpoint = ctx.sources[source];
  if (!endpoint)
    return add(
      ctx,
      pointer,
      'unknown-data-source',
      LAYOUT_MESSAGES['unknown-data-source'](source, hint(source, Object.keys(ctx.sources))),
    );
  const response = ctx.catalogue.response(endpoint);
  if (response) checkFields(ctx, pointer, { ...response, endpoint }, ['data', source], fields);
}

/**
 * state.x, computed.x and sources.x name what the layout declares. Returns true when it reported
 * an issue (the rest of the path is then not checked).
 */
function unknownDeclared(ctx: Ctx, pointer: string, head: string, name: string | undefined) {
  if (name === undefined) return false;
  if (head === 'state' && !ctx.state.has(name)) {
    add(
      ctx,
      pointer,
      'unknown-state',
      LAYOUT_MESSAGES['unknown-state'](name, hint(name, ctx.state)),
    );
    return true;
  }
  if (head === 'computed' && !ctx.computed.has(name)) {
    add(
      ctx,
      pointer,
      'unknown-computed',
      LAYOUT_MESSAGES['unknown-computed'](name, hint(name, ctx.computed)),
    );
    return true;
  }
  if (head === 'sources' && !Object.hasOwn(ctx.sources, name)) {
    add(
      ctx,
      pointer,
      'unknown-data-source',
      LAYOUT_MESSAGES['unknown-data-source'](name, hint(name, Object.keys(ctx.sources))),
    );
    return true;
  }
  return false;
}

function checkPath(ctx: Ctx, pointer: string, path: string[]) {
  const [head, ...rest] = path;
  if (!head) return;
  if (head === 'data') return checkDataPath(ctx, pointer, rest);
  if (unknownDeclared(ctx, pointer, head, rest[0])) return;
  const local = ctx.locals.get(head);
  if (local?.schema)
    return checkFields(ctx, pointer, { ...local, schema: local.schema }, [head], rest);
  if (!SCOPE_NAMES.has(head) && !ctx.locals.has(head)) {
    add(
      ctx,
      pointer,
      'unknown-name',
      LAYOUT_MESSAGES['unknown-name'](head, hint(head, [...SCOPE_NAMES, ...ctx.locals.keys()])),
    );
  }
}

function checkString(ctx: Ctx, value: string, pointer: string) {
  if (!hasBindings(value)) return;
  const analysis = analyzeTemplate(value, pointer);
  for (const e of analysis.errors)
    add(ctx, pointer, 'expression-syntax', LAYOUT_MESSAGES['expression-syntax'](e.message));
  for (const f of analysis.functions)
    if (!FUNCTIONS.has(f))
      add(
        ctx,
        pointer,
        'unknown-function',
        LAYOUT_MESSAGES['unknown-function'](f, hint(f, FUNCTIONS)),
      );
  const reported = new Set<string>();
  for (const call of callSites(value)) {
    const range = Object.hasOwn(FUNCTION_ARITY, call.name) ? FUNCTION_ARITY[call.name] : undefined;
    if (
      !range ||
      (call.args >= range[0] && call.args <= range[1]) ||
      reported.has(`${call.name}/${call.args}`)
    )
      continue;
    reported.add(`${call.name}/${call.args}`);
    add(
      ctx,
      pointer,
      'wrong-arity',
      LAYOUT_MESSAGES['wrong-arity'](call.name, call.args, arityText(range)),
    );
  }
  for (const key of messageKeysIn(value)) {
    if (!hasMessage(key))
      add(
        ctx,
        pointer,
        'unknown-message',
        LAYOUT_MESSAGES['unknown-message'](key, hint(key, messageKeys())),
      );
  }
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
