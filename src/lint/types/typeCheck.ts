/**
 * The layout type checker (docs/layouts.md "Types"): every value a widget property, an
 * action property, a request field or a typed fragment param receives is checked against what
 * it expects, and the mismatch is reported where the value is used, with the chain of names that
 * produced the wrong type and what to write instead:
 *
 *   computed.payAmount <- state.amountInput: text (a money input's text), the request field
 *   generateVcode.amount wants integer cents; write cents(state.amountInput)
 *
 * A value that may be absent (an optional response field) where one is needed gets a hint to give
 * a fallback; "+" that would show "undefined" is an error.
 */
import { parseTemplate } from '@kopa/expr';
import type { ParamSite } from '@kopa/contract';
import { escapePointer } from '@kopa/contract';
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from '../messages';
import type { ApiCatalogue } from '../responseSchemas';
import { ACTION_LIST_KEY, DATA_SOURCE, localsOf } from '../scopes';
import { expectationTable, type Expectation } from './expected';
import { chainText, show, type ExprProblem, type TypeScope } from './infer';
import { layoutScope, valueType, type LayoutScope } from './layoutTypes';
import { expectedOfRequest } from './schemaTypes';
import {
  ANY,
  baseName,
  EXPECTED_NAMES,
  isAny,
  mismatch,
  num,
  type Alt,
  type Ty,
  type TypeName,
} from './ty';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Ctx {
  file: string;
  issues: LayoutIssue[];
  layout: LayoutScope;
  catalogue: ApiCatalogue;
  locals: ReadonlyMap<string, Ty>;
  paramAt: (pointer: string) => ParamSite | undefined;
  /** Pointers whose value was already typed (checked against an expectation): not again. */
  typed: Set<string>;
  /** layout.state as declared. */
  state: unknown;
  /** The visible conditions of the node and those around it, as written: a value they test needs no fallback. */
  guards: readonly string[];
  /** Told the type of every layout string with a binding, by its pointer (the compiled layout's types). */
  seen: (pointer: string, ty: Ty) => void;
}

function add(
  ctx: Ctx,
  pointer: string,
  code: 'type-mismatch' | 'money-as-text' | 'shows-undefined' | 'optional-value',
  message: string,
  severity: 'error' | 'warning' = 'error',
): void {
  if (ctx.issues.some((i) => i.pointer === pointer && i.code === code && i.message === message))
    return;
  ctx.issues.push({ file: ctx.file, pointer, code, message, severity });
}

const scopeOf = (ctx: Ctx): TypeScope => ({
  root: (n) => ctx.locals.get(n) ?? ctx.layout.page.get(n),
});

function reporter(ctx: Ctx, pointer: string): (p: ExprProblem) => void {
  return (p) =>
    add(
      ctx,
      pointer,
      p.code,
      LAYOUT_MESSAGES[p.code](p.message),
      p.code === 'optional-value' ? 'warning' : 'error',
    );
}

/** What to write instead, when the checker can tell. */
function fixFor(expected: TypeName, alt: Alt, label: string): string {
  const t = alt.t;
  if (t.k === 'text' && t.fix && (expected === 'cents' || expected === 'number'))
    return `; write ${t.fix}`;
  if (t.k === 'number' && t.typed?.fix && expected === 'cents') return `; write ${t.typed.fix}`;
  if (expected === 'list' && t.k === 'object') {
    const lists = t.names().filter((n) => t.field(n)?.alts.some((a) => a.t.k === 'list'));
    if (lists.length > 0)
      return `; bind one of its lists: ${lists
        .slice(0, 3)
        .map((n) => `${label}.${n}`)
        .join(', ')}`;
  }
  if (expected === 'boolean' && t.k === 'list')
    return `; a list is true even when empty: write len(${label}) > 0`;
  if (expected === 'boolean' && t.k === 'object')
    return '; an object that is always there is always true: test one of its fields';
  if (expected === 'text' && (t.k === 'list' || t.k === 'object'))
    return `; ${baseName(t)} shows as nothing: show one of its fields`;
  return '';
}

/** Does a visible condition around the value test it (or the object holding it)? Then it shows only when present. */
function guarded(ctx: Ctx, expr: string): boolean {
  const segments = expr.replace(/\?\./g, '.').split('.');
  for (let n = segments.length; n >= 2; n--) {
    const prefix = segments.slice(0, n).join('.');
    if (ctx.guards.some((g) => g.replace(/\?\./g, '.').includes(prefix))) return true;
  }
  return false;
}

/** The expression a single-binding string holds, as written (for messages), else the string. */
function labelOf(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? String(value);
  const parsed = parseTemplate(value);
  if (parsed.ok && parsed.template.kind === 'single') {
    const part = parsed.template.parts.find((p) => p.kind === 'binding');
    if (part && part.kind === 'binding') return show(part.ast);
  }
  return JSON.stringify(value);
}

/**
 * Checks one value against what its place expects. `who` names the place ("repeat items", "the
 * request field generateVcode.amount"); `needed`: the place needs a value (hint when it may be absent).
 */
function check(
  ctx: Ctx,
  value: unknown,
  expected: TypeName,
  pointer: string,
  who: string,
  needed: boolean,
): boolean {
  if (ctx.typed.has(pointer)) return false;
  ctx.typed.add(pointer);
  const ty = valueType(value, scopeOf(ctx), reporter(ctx, pointer), labelOf(value));
  if (typeof value === 'string' && value.includes('{{')) ctx.seen(pointer, ty);
  if (isAny(ty) && ty.alts.length === 1) return false;
  const label = labelOf(value);
  const bad = mismatch(expected, ty);
  if (bad) {
    const code =
      expected === 'cents' && (bad.t.k === 'text' || (bad.t.k === 'number' && bad.t.typed))
        ? 'money-as-text'
        : 'type-mismatch';
    const message = `${chainText(bad, label)}: ${baseName(bad.t)}, ${who} wants ${EXPECTED_NAMES[expected]}${fixFor(expected, bad, label)}`;
    add(ctx, pointer, code, LAYOUT_MESSAGES[code](message));
    return true;
  }
  if (needed && ty.optional && !guarded(ctx, ty.absent ?? label)) {
    const shows = expected === 'text' ? 'it would show nothing' : `${who} would get no value`;
    const part = ty.absent ?? label;
    add(
      ctx,
      pointer,
      'optional-value',
      LAYOUT_MESSAGES['optional-value'](
        `${part} may be absent (${ty.optional}): ${shows}; give a fallback, e.g. default(${part}, ...)`,
      ),
      'warning',
    );
  }
  return false;
}

function valueAtPath(obj: Obj, path: readonly string[]): unknown {
  let v: unknown = obj;
  for (const k of path) v = isObj(v) && Object.hasOwn(v, k) ? v[k] : undefined;
  return v;
}

function checkExpectations(
  ctx: Ctx,
  obj: Obj,
  pointer: string,
  what: string,
  expectations: readonly Expectation[] | undefined,
): void {
  for (const e of expectations ?? []) {
    const v = valueAtPath(obj, e.path);
    if (v === undefined) continue;
    const ptr = `${pointer}/${e.path.map(escapePointer).join('/')}`;
    checkParam(ctx, v, ptr);
    // A text shows its bindings' values: an absent one shows nothing.
    check(ctx, v, e.expected, ptr, `${what} ${e.path.join('.')}`, e.expected === 'text');
  }
}

/** The params an endpoint call sends, against the endpoint's request schema. */
function checkRequest(ctx: Ctx, endpoint: string, params: Obj, pointer: string): void {
  const schema = ctx.catalogue.request?.(endpoint) as
    (Obj & { properties?: Record<string, Obj>; required?: string[] }) | undefined;
  if (!schema?.properties) return;
  const required = new Set(schema.required ?? []);
  for (const [name, value] of Object.entries(params)) {
    if (!Object.hasOwn(schema.properties, name)) continue;
    const expected = expectedOfRequest(schema.properties[name], schema);
    const ptr = `${pointer}/${escapePointer(name)}`;
    checkParam(ctx, value, ptr);
    check(ctx, value, expected, ptr, `the request field ${endpoint}.${name}`, required.has(name));
  }
}

/** A typed fragment param that landed here: the value given in `with` must be of its type. */
function checkParam(ctx: Ctx, value: unknown, pointer: string): void {
  const site = ctx.paramAt(pointer);
  if (site)
    check(
      ctx,
      value,
      site.type,
      pointer,
      `the param "${site.param}" of fragment ${site.fragment}`,
      false,
    );
}

/** The locals a property adds (repeat's item and index, a response), typed where known. */
function withLocals(ctx: Ctx, obj: Obj, key: string, inActions: boolean, type: string): Ctx {
  const names = localsOf(type, key, inActions);
  const repeatBody = !inActions && type === 'repeat' && (key === 'template' || key === 'empty');
  if (names.length === 0 && !repeatBody) return ctx;
  const locals = new Map(ctx.locals);
  for (const name of names) locals.set(name, ANY);
  if (names.includes('response') && typeof obj.endpoint === 'string')
    locals.set('response', ctx.layout.response(obj.endpoint, 'response', obj.requires));
  if (repeatBody) {
    const items = valueType(obj.items, scopeOf(ctx), () => undefined, labelOf(obj.items));
    const item =
      items.alts
        .filter((a) => a.t.k === 'list')
        .map((a) => (a.t.k === 'list' ? a.t.item() : ANY))[0] ?? ANY;
    locals.set(typeof obj.itemAs === 'string' ? obj.itemAs : 'item', item);
    locals.set(
      typeof obj.indexAs === 'string' ? obj.indexAs : 'index',
      num([typeof obj.indexAs === 'string' ? obj.indexAs : 'index']),
    );
  }
  return { ...ctx, locals };
}

/** What a state path was declared as in layout.state (null or undeclared: anything). */
function declaredKind(state: unknown, path: string): TypeName {
  let v: unknown = state;
  for (const key of path.split('.')) v = isObj(v) && Object.hasOwn(v, key) ? v[key] : undefined;
  if (Array.isArray(v)) return 'list';
  if (isObj(v)) return 'object';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'text';
  return 'any';
}

function walk(ctx: Ctx, value: unknown, pointer: string, inActions: boolean, depth: number): void {
  if (depth > 120) return;
  if (typeof value === 'string') {
    checkParam(ctx, value, pointer);
    if (!ctx.typed.has(pointer) && value.includes('{{'))
      ctx.seen(pointer, valueType(value, scopeOf(ctx), reporter(ctx, pointer), ''));
    return;
  }
  if (Array.isArray(value)) {
    checkParam(ctx, value, pointer);
    value.forEach((v, i) => walk(ctx, v, `${pointer}/${i}`, inActions, depth + 1));
    return;
  }
  if (!isObj(value)) return checkParam(ctx, value, pointer);
  checkParam(ctx, value, pointer);
  const type = typeof value.type === 'string' ? value.type : '';
  if (!inActions && typeof value.visible === 'string')
    ctx = { ...ctx, guards: [...ctx.guards, value.visible] };
  const table = expectationTable();
  if (type)
    checkExpectations(
      ctx,
      value,
      pointer,
      type,
      inActions ? table.actions.get(type) : table.widgets.get(type),
    );
  if (typeof value.endpoint === 'string' && isObj(value.params))
    checkRequest(ctx, value.endpoint, value.params, `${pointer}/params`);
  // setState keeps the kind layout.state declares: a list stays a list, a number a number.
  if (
    inActions &&
    type === 'setState' &&
    typeof value.path === 'string' &&
    value.value !== undefined
  ) {
    const kind = declaredKind(ctx.state, value.path);
    if (kind !== 'any')
      check(
        ctx,
        value.value,
        kind,
        `${pointer}/value`,
        `state.${value.path} (declared as ${EXPECTED_NAMES[kind]} in layout.state)`,
        false,
      );
  }
  for (const [key, v] of Object.entries(value)) {
    if (key === '$comment') continue;
    walk(
      withLocals(ctx, value, key, inActions, type),
      v,
      `${pointer}/${escapePointer(key)}`,
      ACTION_LIST_KEY.test(key) ? true : inActions && key !== 'params',
      depth + 1,
    );
  }
}

/** The type issues of one (expanded) layout. */
export function typeIssues(
  doc: Obj,
  file: string,
  catalogue: ApiCatalogue,
  paramAt: (pointer: string) => ParamSite | undefined = () => undefined,
  seen: Ctx['seen'] = () => undefined,
): LayoutIssue[] {
  const ctx: Ctx = {
    file,
    issues: [],
    layout: layoutScope(doc, catalogue),
    catalogue,
    locals: new Map(),
    paramAt,
    typed: new Set(),
    guards: [],
    state: doc.state,
    seen,
  };
  const table = expectationTable();
  if (isObj(doc.dataSources)) {
    for (const [name, source] of Object.entries(doc.dataSources)) {
      if (!isObj(source)) continue;
      const ptr = `/dataSources/${escapePointer(name)}`;
      checkExpectations(ctx, source, ptr, `data source ${name}`, table.dataSource);
      if (typeof source.endpoint === 'string' && isObj(source.params))
        checkRequest(ctx, source.endpoint, source.params, `${ptr}/params`);
      for (const [key, v] of Object.entries(source)) {
        if (key !== '$comment')
          walk(
            withLocals(ctx, source, key, false, DATA_SOURCE),
            v,
            `${ptr}/${escapePointer(key)}`,
            ACTION_LIST_KEY.test(key),
            2,
          );
      }
    }
  }
  if (doc.title !== undefined) check(ctx, doc.title, 'text', '/title', 'the layout title', true);
  for (const key of ['title', 'computed', 'body', 'dialogs'])
    walk(ctx, doc[key], `/${key}`, false, 0);
  walk(ctx, doc.onLoad, '/onLoad', true, 0);
  walk(ctx, doc.onBack, '/onBack', true, 0);
  walk(ctx, doc.onRefresh, '/onRefresh', true, 0);
  return ctx.issues;
}
