/**
 * Completion and hover inside `{{ }}`: the names a binding can start with (data,
 * state, computed, query, config and the expression functions), the layout's data sources, its
 * declared state and computed values, and the fields of each source's response schema, followed
 * member by member. Read from the editor's current text, so a source added a moment ago
 * completes at once. The JSON structure itself completes from the layout schema (editor.ts).
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { Tooltip } from '@codemirror/view';
import { CATALOGUE, catalogueKeyBefore } from './schema/catalogueKeys';
import { FUNCTION_DOCS } from './schema/functionDocs';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
}

/** endpoint -> response data schema (GET /studio/api/data-schemas). */
export type DataSchemas = Record<string, JsonSchema>;

const ROOTS: Record<string, string> = {
  data: "the data sources' responses: data.<source>.<field>",
  state: 'the page state declared in layout.state',
  computed: 'the page-level computed values (layout.computed)',
  query: 'the page URL query (userId, sessionId, orderId, productId, ...)',
  config: 'the app configuration (currencyLabel, servicePhone, appName, deepLinkScheme)',
};
const CONFIG = ['currencyLabel', 'servicePhone', 'appName', 'deepLinkScheme'];
const QUERY = ['userId', 'sessionId', 'orderId', 'productId', 'mobilePhone', 'lang'];

function typeText(s: JsonSchema | undefined): string {
  if (!s) return 'any';
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return t === 'array' && s.items ? `list of ${typeText(s.items)}` : t;
}

const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

interface Member {
  name: string;
  type: string;
  info?: string;
}

type Resolved = { type: string; info: string; members: Member[] } | null;

/** A path under `data`: the layout's data sources, then a source's response fields. */
function resolveData(
  layout: Record<string, unknown>,
  schemas: DataSchemas,
  rest: string[],
): Resolved {
  const sources = objectOf(layout.dataSources);
  if (rest.length === 0) {
    return {
      type: 'object',
      info: ROOTS.data ?? '',
      members: Object.entries(sources).map(([k, v]) => ({
        name: k,
        type: 'data source',
        info: `endpoint ${String(objectOf(v).endpoint)}`,
      })),
    };
  }
  const [source, ...fields] = rest;
  const endpoint = objectOf(sources[source ?? '']).endpoint;
  let schema: JsonSchema | undefined = typeof endpoint === 'string' ? schemas[endpoint] : undefined;
  if (!schema) return null;
  let info = `data source "${source}": the response of ${String(endpoint)}`;
  for (const f of fields) {
    if (
      schema?.type === 'array' ||
      (Array.isArray(schema?.type) && schema.type.includes('array'))
    ) {
      if (f === 'length') return { type: 'integer', info: 'the number of items', members: [] };
      schema = /^\d+$/.test(f) ? schema.items : undefined;
    } else schema = schema?.properties?.[f];
    if (!schema) return null;
    info = schema.description ?? '';
  }
  const props =
    schema.type === 'array'
      ? { length: { type: 'integer', description: 'the number of items' } as JsonSchema }
      : (schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return {
    type: typeText(schema),
    info,
    members: Object.entries(props).map(([k, v]) => ({
      name: k,
      type: `${typeText(v)}${schema?.properties && !required.has(k) ? ' (optional: give a fallback)' : ''}`,
      info: v.description,
    })),
  };
}

/** What a path names: its own description, and the members one can write after it. */
function resolve(
  doc: unknown,
  schemas: DataSchemas,
  path: string[],
): { type: string; info: string; members: Member[] } | null {
  const layout = objectOf(doc);
  const [root, ...rest] = path;
  if (root === undefined) return null;
  if (root === 'data') return resolveData(layout, schemas, rest);
  if (root === 'state' || root === 'computed') {
    const declared = objectOf(layout[root]);
    if (rest.length === 0)
      return {
        type: 'object',
        info: ROOTS[root] ?? '',
        members: Object.entries(declared).map(([k, v]) => ({
          name: k,
          type: root === 'state' ? `starts as ${JSON.stringify(v)}` : 'computed',
          info: root === 'computed' ? String(v) : undefined,
        })),
      };
    if (rest.length === 1 && Object.hasOwn(declared, rest[0] ?? '')) {
      const v = declared[rest[0] ?? ''];
      return {
        type: root === 'state' ? typeof v : 'computed',
        info: root === 'state' ? `page state, starts as ${JSON.stringify(v)}` : `= ${String(v)}`,
        members: [],
      };
    }
    return null;
  }
  if (root === 'config')
    return rest.length === 0
      ? {
          type: 'object',
          info: ROOTS.config ?? '',
          members: CONFIG.map((k) => ({ name: k, type: 'string' })),
        }
      : { type: 'string', info: 'app configuration', members: [] };
  if (root === 'query')
    return rest.length === 0
      ? {
          type: 'object',
          info: ROOTS.query ?? '',
          members: QUERY.map((k) => ({ name: k, type: 'string' })),
        }
      : { type: 'string', info: 'from the page URL (text, may be missing)', members: [] };
  return null;
}

/** The text of the JSON string around `pos` up to `pos`, when `pos` is inside an open `{{ `. */
function bindingBefore(state: EditorState, pos: number): string | null {
  const node = syntaxTree(state).resolveInner(pos, -1);
  if (node.name !== 'String' && node.name !== '⚠') return null;
  const before = state.sliceDoc(node.from, pos);
  const open = before.lastIndexOf('{{');
  if (open < 0 || before.indexOf('}}', open) >= 0) return null;
  return before.slice(open + 2);
}

const PATH_END = /((?:[A-Za-z_$][\w$]*\??\.)*)([A-Za-z_$][\w$]*)?$/;

export function bindingCompletion(context: () => { doc: unknown; schemas: DataSchemas }) {
  return (ctx: CompletionContext): CompletionResult | null => {
    const expr = bindingBefore(ctx.state, ctx.pos);
    if (expr === null) return null;
    const key = catalogueKeyBefore(expr);
    if (key !== null)
      return {
        from: ctx.pos - key.length,
        options: CATALOGUE.map(([label, text]) => ({ label, type: 'text', info: text })),
        validFor: /^[\w.-]*$/,
      };
    const m = PATH_END.exec(expr);
    const word = m?.[2] ?? '';
    const prefix = (m?.[1] ?? '')
      .split('.')
      .map((s) => s.replace(/\?$/, ''))
      .filter(Boolean);
    if (!ctx.explicit && word === '' && prefix.length === 0) return null;
    const from = ctx.pos - word.length;
    const { doc, schemas } = context();
    let options: Completion[];
    if (prefix.length === 0) {
      options = [
        ...Object.entries(ROOTS).map(([name, info]) => ({ label: name, type: 'namespace', info })),
        ...Object.entries(FUNCTION_DOCS).map(([name, [signature, doc]]) => ({
          label: name,
          type: 'function',
          detail: signature,
          info: doc,
          apply: `${name}(`,
        })),
      ];
    } else {
      const target = resolve(doc, schemas, prefix);
      if (!target) return null;
      options = target.members.map((mb) => ({
        label: mb.name,
        type: 'property',
        detail: mb.type,
        info: mb.info,
      }));
    }
    return { from, options, validFor: /^[\w$]*$/ };
  };
}

/** Hover over a path inside `{{ }}`: what it is, its type, and the schema's description. */
export function bindingHover(context: () => { doc: unknown; schemas: DataSchemas }) {
  return (view: { state: EditorState }, pos: number): Tooltip | null => {
    const { state } = view;
    const line = state.doc.lineAt(pos);
    const text = line.text;
    let start = pos - line.from;
    let end = start;
    while (start > 0 && /[\w$.?]/.test(text[start - 1] ?? '')) start -= 1;
    while (end < text.length && /[\w$]/.test(text[end] ?? '')) end += 1;
    if (bindingBefore(state, line.from + start) === null) return null;
    const path = text
      .slice(start, end)
      .split('.')
      .map((s) => s.replace(/\?$/, ''))
      .filter(Boolean);
    const { doc, schemas } = context();
    const name = path[0] ?? '';
    const fn =
      path.length === 1 && text[end] === '(' && Object.hasOwn(FUNCTION_DOCS, name)
        ? FUNCTION_DOCS[name]
        : undefined;
    const target = fn
      ? { type: fn[0], info: fn[1], members: [] }
      : path.length > 0
        ? resolve(doc, schemas, path)
        : null;
    if (!target) return null;
    return {
      pos: line.from + start,
      end: line.from + end,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 's-hover';
        const head = document.createElement('strong');
        head.textContent = fn ? target.type : `${path.join('.')}: ${target.type}`;
        const body = document.createElement('div');
        body.textContent = target.info;
        dom.append(head, body);
        return { dom };
      },
    };
  };
}
