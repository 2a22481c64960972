/**
 * Order in action chains: a request that sends a field with input rules (a node with
 * `rules` and `bind`) must come after a `validate` that checks the field, in the same chain (the
 * list it is in, or a list around it, before it). A `validate` placed after the request that
 * already sent the field is an error at the validate; a field that no validate checks at all is
 * an error at the request's param. Nested lists (`then`, `else`, `onSuccess`, ...) run inside
 * their action, so they see what was validated before it, and what they send unchecked is
 * still unchecked for the rest of the chain around them.
 */
import { analyzeTemplate } from '@kopa/expr';
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';
import { ACTION_LIST_KEY } from './scopes';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

interface Fields {
  /** Bound state path -> id of the field with rules that holds it. */
  byPath: Map<string, string>;
  /** Node id -> ids of the fields with rules inside it (a validate's form). */
  inside: Map<string, Set<string>>;
}

function collectFields(value: unknown, fields: Fields, open: string[], depth: number): void {
  if (depth > 100) return;
  if (Array.isArray(value)) return value.forEach((v) => collectFields(v, fields, open, depth + 1));
  if (!isObj(value)) return;
  const id = typeof value.id === 'string' && typeof value.type === 'string' ? value.id : null;
  if (
    id &&
    Array.isArray(value.rules) &&
    value.rules.length > 0 &&
    typeof value.bind === 'string'
  ) {
    fields.byPath.set(value.bind, id);
    for (const o of [...open, id]) {
      if (!fields.inside.has(o)) fields.inside.set(o, new Set());
      fields.inside.get(o)?.add(id);
    }
  }
  const here = id ? [...open, id] : open;
  for (const [k, v] of Object.entries(value))
    if (!ACTION_LIST_KEY.test(k)) collectFields(v, fields, here, depth + 1);
}

/** State paths a value reads ("phone", "form.amount"). */
function statePaths(value: unknown, out: string[], depth = 0): string[] {
  if (depth > 50) return out;
  if (typeof value === 'string' && value.includes('{{')) {
    for (const p of analyzeTemplate(value).paths)
      if (p[0] === 'state' && p.length > 1) out.push(p.slice(1).join('.'));
  } else if (Array.isArray(value)) value.forEach((v) => statePaths(v, out, depth + 1));
  else if (isObj(value)) Object.values(value).forEach((v) => statePaths(v, out, depth + 1));
  return out;
}

/** The fields with rules a state path read reaches (the field itself, or an object holding it). */
function fieldsRead(path: string, fields: Fields): string[] {
  const out: string[] = [];
  for (const [bound, id] of fields.byPath)
    if (path === bound || path.startsWith(`${bound}.`) || bound.startsWith(`${path}.`))
      out.push(id);
  return out;
}

interface Pending {
  field: string;
  path: string;
  endpoint: string;
  request: string;
  param: string;
}

interface Walk {
  doc: Obj;
  file: string;
  fields: Fields;
  issues: LayoutIssue[];
}

/** The fields a validate action checks: those it names, and every field inside the form it names. */
function validatedFields(action: Obj, fields: Fields): Set<string> {
  const now = new Set<string>(
    Array.isArray(action.fields)
      ? action.fields.filter((f): f is string => typeof f === 'string')
      : [],
  );
  if (typeof action.form === 'string')
    for (const f of fields.inside.get(action.form) ?? []) now.add(f);
  return now;
}

/** A request: an http action, or a reload of a data source (its params are sent then). */
function requestOf(action: Obj, at: string, doc: Obj) {
  const source =
    action.type === 'reload' && typeof action.source === 'string' && isObj(doc.dataSources)
      ? doc.dataSources[action.source]
      : undefined;
  return action.type === 'http'
    ? { endpoint: action.endpoint, params: action.params, at: `${at}/params` }
    : isObj(source)
      ? {
          endpoint: source.endpoint,
          params: source.params,
          at: `/dataSources/${esc(String(action.source))}/params`,
        }
      : null;
}

/** The fields a request sends (through its params' state paths) that no validate covered yet. */
function unvalidatedReads(
  w: Walk,
  action: Obj,
  at: string,
  covered: ReadonlySet<string>,
  pending: Pending[],
): void {
  const call = requestOf(action, at, w.doc);
  if (!call || typeof call.endpoint !== 'string' || !isObj(call.params)) return;
  for (const [param, value] of Object.entries(call.params)) {
    for (const path of statePaths(value, [])) {
      for (const field of fieldsRead(path, w.fields)) {
        if (!covered.has(field) && !pending.some((p) => p.field === field))
          pending.push({
            field,
            path,
            endpoint: call.endpoint,
            request: at,
            param: action.type === 'http' ? `${call.at}/${esc(param)}` : at,
          });
      }
    }
  }
}

/**
 * A validate after a request that already sent its fields: the error, and those fields are no
 * longer pending. Returns what is still pending.
 */
function lateValidate(w: Walk, at: string, now: ReadonlySet<string>, pending: Pending[]) {
  const late = pending.filter((p) => now.has(p.field));
  if (late.length === 0) return pending;
  const names = [...new Set(late.map((p) => `"${p.field}"`))].join(', ');
  w.issues.push({
    file: w.file,
    pointer: at,
    code: 'validate-after-request',
    message: LAYOUT_MESSAGES['validate-after-request'](
      names,
      late[0]?.endpoint ?? '',
      late[0]?.request ?? '',
    ),
    severity: 'error',
  });
  return pending.filter((p) => !now.has(p.field));
}

/** One action list in order: the fields its requests send before any validate covered them. */
function chain(w: Walk, list: unknown[], pointer: string, checked: ReadonlySet<string>): Pending[] {
  const covered = new Set(checked);
  let pending: Pending[] = [];
  list.forEach((action, i) => {
    if (!isObj(action)) return;
    const at = `${pointer}/${i}`;
    if (action.type === 'validate') {
      const now = validatedFields(action, w.fields);
      pending = lateValidate(w, at, now, pending);
      for (const f of now) covered.add(f);
      return;
    }
    unvalidatedReads(w, action, at, covered, pending);
    for (const [key, nested] of Object.entries(action)) {
      if (ACTION_LIST_KEY.test(key) && key !== 'onInvalid' && Array.isArray(nested)) {
        for (const p of chain(w, nested, `${at}/${esc(key)}`, covered))
          if (!pending.some((q) => q.field === p.field)) pending.push(p);
      }
    }
  });
  return pending;
}

/** Every action list under `value`: what is still pending at its end is an unvalidated field. */
function roots(w: Walk, value: unknown, pointer: string, depth: number): void {
  if (depth > 100) return;
  if (Array.isArray(value))
    return value.forEach((v, i) => roots(w, v, `${pointer}/${i}`, depth + 1));
  if (!isObj(value)) return;
  for (const [key, v] of Object.entries(value)) {
    const ptr = `${pointer}/${esc(key)}`;
    if (ACTION_LIST_KEY.test(key) && Array.isArray(v)) {
      for (const p of chain(w, v, ptr, new Set())) {
        w.issues.push({
          file: w.file,
          pointer: p.param,
          code: 'unvalidated-field',
          message: LAYOUT_MESSAGES['unvalidated-field'](`state.${p.path}`, p.field, p.endpoint),
          severity: 'error',
        });
      }
    } else roots(w, v, ptr, depth + 1);
  }
}

export function orderIssues(doc: Obj, file: string): LayoutIssue[] {
  const fields: Fields = { byPath: new Map(), inside: new Map() };
  collectFields([doc.body, doc.dialogs], fields, [], 0);
  if (fields.byPath.size === 0) return [];
  const w: Walk = { doc, file, fields, issues: [] };
  for (const key of ['body', 'dialogs', 'dataSources']) roots(w, doc[key], `/${key}`, 0);
  for (const key of ['onLoad', 'onBack', 'onRefresh']) {
    if (Array.isArray(doc[key])) roots(w, { [key]: doc[key] }, '', 0);
  }
  return w.issues;
}
