/**
 * The rules for one string of a layout that holds bindings: its expressions parse, call known
 * functions with the right number of arguments, name message keys that exist, and read only
 * names and paths the layout declares (data sources and their response fields, state, computed,
 * the locals widgets and actions add). Also the context every semantic rule reports through.
 */
import { analyzeTemplate, hasBindings } from '@kopa/expr';
import { exprFunctions } from '@kopa/runtime';
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';
import { followPath, type ApiCatalogue, type JsonSchemaLike } from './responseSchemas';
import { arityText, FUNCTION_ARITY } from './arity';
import { callSites } from './calls';
import { PAGE_NAMES } from './scopes';
import { hint } from './suggest';
import { hasMessage, messageKeys, messageKeysIn } from './messageKeys';

export interface RouteInfo {
  keys: ReadonlySet<string>;
  paths: ReadonlySet<string>;
}

export interface Typed {
  schema: JsonSchemaLike | undefined;
  root: JsonSchemaLike;
  endpoint: string;
}

export interface Ctx {
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
export const SCOPE_NAMES = new Set(PAGE_NAMES);
const FUNCTIONS = new Set(Object.keys(exprFunctions));

export function add(
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

export function checkPath(ctx: Ctx, pointer: string, path: string[]) {
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

export function checkString(ctx: Ctx, value: string, pointer: string) {
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
