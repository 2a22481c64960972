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

export function orderIssues(doc: Obj, file: string): LayoutIssue[] {
  const fields: Fields = { byPath: new Map(), inside: new Map() };
  collectFields([doc.body, doc.dialogs], fields, [], 0);
  if (fields.byPath.size === 0) return [];
  const issues: LayoutIssue[] = [];

  const chain = (list: unknown[], pointer: string, checked: ReadonlySet<string>): Pending[] => {
    const covered = new Set(checked);
    let pending: Pending[] = [];
    list.forEach((action, i) => {
      if (!isObj(action)) return;
      const at = `${pointer}/${i}`;
      if (action.type === 'validate') {
        const now = new Set<string>(
          Array.isArray(action.fields)
            ? action.fields.filter((f): f is string => typeof f === 'string')
            : [],
        );
        if (typeof action.form === 'string')
          for (const f of fields.inside.get(action.form) ?? []) now.add(f);
        const late = pending.filter((p) => now.has(p.field));
        if (late.length > 0) {
          const names = [...new Set(late.map((p) => `"${p.field}"`))].join(', ');
          issues.push({
            file,
            pointer: at,
            code: 'validate-after-request',
            message: LAYOUT_MESSAGES['validate-after-request'](
              names,
              late[0]?.endpoint ?? '',
              late[0]?.request ?? '',
            ),
            severity: 'error',
          });
          pending = pending.filter((p) => !now.has(p.field));
        }
        for (const f of now) covered.add(f);
        return;
      }
      // A request: an http action, or a reload of a data source (its params are sent then).
      const source =
        action.type === 'reload' && typeof action.source === 'string' && isObj(doc.dataSources)
          ? doc.dataSources[action.source]
          : undefined;
      const call =
        action.type === 'http'
          ? { endpoint: action.endpoint, params: action.params, at: `${at}/params` }
          : isObj(source)
            ? {
                endpoint: source.endpoint,
                params: source.params,
                at: `/dataSources/${esc(String(action.source))}/params`,
              }
            : null;
      if (call && typeof call.endpoint === 'string' && isObj(call.params)) {
        for (const [param, value] of Object.entries(call.params)) {
          for (const path of statePaths(value, [])) {
            for (const field of fieldsRead(path, fields)) {
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
      for (const [key, nested] of Object.entries(action)) {
        if (ACTION_LIST_KEY.test(key) && key !== 'onInvalid' && Array.isArray(nested)) {
          for (const p of chain(nested, `${at}/${esc(key)}`, covered))
            if (!pending.some((q) => q.field === p.field)) pending.push(p);
        }
      }
    });
    return pending;
  };

  const roots = (value: unknown, pointer: string, depth: number): void => {
    if (depth > 100) return;
    if (Array.isArray(value))
      return value.forEach((v, i) => roots(v, `${pointer}/${i}`, depth + 1));
    if (!isObj(value)) return;
    for (const [key, v] of Object.entries(value)) {
      const ptr = `${pointer}/${esc(key)}`;
      if (ACTION_LIST_KEY.test(key) && Array.isArray(v)) {
        for (const p of chain(v, ptr, new Set())) {
          issues.push({
            file,
            pointer: p.param,
            code: 'unvalidated-field',
            message: LAYOUT_MESSAGES['unvalidated-field'](`state.${p.path}`, p.field, p.endpoint),
            severity: 'error',
          });
        }
      } else roots(v, ptr, depth + 1);
    }
  };
  for (const key of ['body', 'dialogs', 'dataSources']) roots(doc[key], `/${key}`, 0);
  for (const key of ['onLoad', 'onBack', 'onRefresh']) {
    if (Array.isArray(doc[key])) roots({ [key]: doc[key] }, '', 0);
  }
  return issues;
}
