/**
 * The types of one layout's names: data.<source> from its endpoint's response schema, state.<x>
 * from layout.state (a money input's bound path is its text, an http saveAs path its response),
 * computed.<x> from its binding (followed through, once, with a guard against cycles, which
 * computed-cycle reports).
 */
import { parseTemplate } from '@kopa/expr';
import type { ApiCatalogue } from '../responseSchemas';
import { inferType, show, type ExprProblem, type TypeScope } from './infer';
import { schemaType } from './schemaTypes';
import { ANY, objectOf, ofJson, one, text, through, union, withRequired, type Ty } from './ty';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The type of a layout string: a literal is text, one binding its value's type, a mix is text. */
export function templateType(
  value: string,
  scope: TypeScope,
  report: (p: ExprProblem) => void,
): Ty {
  const parsed = parseTemplate(value);
  if (!parsed.ok) return ANY; // expression-syntax says it
  const { template } = parsed;
  if (template.kind === 'literal')
    return text([JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)]);
  const types = template.parts.map((p) =>
    p.kind === 'binding' ? inferType(p.ast, scope, report) : ANY,
  );
  if (template.kind === 'single')
    return types.find((_, i) => template.parts[i]?.kind === 'binding') ?? ANY;
  const mixed = text(
    [JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)],
    'text with a binding inside',
  );
  // A part that may be absent shows as nothing in the text: the text says which.
  const absent = template.parts.findIndex((p, i) => p.kind === 'binding' && types[i]?.optional);
  const part = template.parts[absent];
  return part?.kind === 'binding'
    ? { ...mixed, optional: types[absent]?.optional ?? '', absent: show(part.ast) }
    : mixed;
}

/** The type of any JSON value a layout writes: strings may hold bindings, objects and lists hold values. */
export function valueType(
  value: unknown,
  scope: TypeScope,
  report: (p: ExprProblem) => void,
  label: string,
): Ty {
  if (typeof value === 'string') return templateType(value, scope, report);
  if (Array.isArray(value)) {
    const items = value.map((v, i) => valueType(v, scope, report, `${label}[${i}]`));
    return one({ k: 'list', item: () => (items.length > 0 ? union(...items) : ANY) }, [label]);
  }
  if (isObj(value)) {
    return objectOf(
      (n) =>
        Object.hasOwn(value, n) ? valueType(value[n], scope, report, `${label}.${n}`) : undefined,
      () => Object.keys(value),
      [label],
    );
  }
  return ofJson(value, label);
}

/** Input widgets whose bound state path holds text the borrower typed, and what that text is. */
const TYPED_TEXT: Readonly<Record<string, string>> = {
  money: "a money input's text",
  numeric: "a number input's text",
};

function collectWrites(
  value: unknown,
  typed: Map<string, Ty>,
  saved: Map<string, string>,
  depth: number,
): void {
  if (depth > 100) return;
  if (Array.isArray(value)) return value.forEach((v) => collectWrites(v, typed, saved, depth + 1));
  if (!isObj(value)) return;
  if (value.type === 'input' && typeof value.bind === 'string') {
    const what = TYPED_TEXT[String(value.inputType)];
    const path = `state.${value.bind}`;
    typed.set(
      value.bind,
      text([path], what ?? 'typed by the borrower', what ? `cents(${path})` : undefined),
    );
  }
  if (
    value.type === 'http' &&
    typeof value.saveAs === 'string' &&
    typeof value.endpoint === 'string'
  )
    saved.set(value.saveAs, value.endpoint);
  for (const [k, v] of Object.entries(value))
    if (k !== '$comment') collectWrites(v, typed, saved, depth + 1);
}

export interface LayoutScope {
  /** The page names every binding may read, typed. */
  page: ReadonlyMap<string, Ty>;
  /** Source name -> endpoint. */
  sources: Readonly<Record<string, string>>;
  /** The response type of an endpoint, named `label` in messages, with the fields `requires` names present. */
  response(endpoint: string, label: string, requires?: unknown): Ty;
}

/** A `requires` list ("repayRecordId", "repayPlanDetail.repayWaitDetail") as paths. */
function requiredPaths(requires: unknown): string[][] {
  return Array.isArray(requires)
    ? requires.filter((r): r is string => typeof r === 'string').map((r) => r.split('.'))
    : [];
}

type ResponseType = LayoutScope['response'];

/** Source name -> its endpoint, and what it `requires` of the answer. */
function dataSourcesOf(doc: Obj) {
  const sources: Record<string, string> = {};
  const requires: Record<string, unknown> = {};
  if (isObj(doc.dataSources)) {
    for (const [name, s] of Object.entries(doc.dataSources)) {
      if (!isObj(s) || typeof s.endpoint !== 'string') continue;
      sources[name] = s.endpoint;
      requires[name] = s.requires;
    }
  }
  return { sources, requires };
}

/**
 * The type of `state`: what the layout declares, widened by what its widgets and actions write
 * there (typed writes, and a request's saveAs: its response once it answered).
 */
function stateType(doc: Obj, response: ResponseType): Ty {
  const typed = new Map<string, Ty>();
  const saved = new Map<string, string>();
  for (const key of ['body', 'dialogs', 'onLoad', 'onBack', 'onRefresh', 'dataSources'])
    collectWrites(doc[key], typed, saved, 0);
  const stateField = (prefix: string, value: unknown, name: string): Ty | undefined => {
    const path = prefix ? `${prefix}.${name}` : name;
    const own = typed.get(path);
    if (own) return own;
    const endpoint = saved.get(path);
    // Written by a request's saveAs: its response once it answered, the declared value before.
    const before =
      isObj(value) && Object.hasOwn(value, name) && value[name] !== null
        ? ofJson(value[name], `state.${path}`, 'any')
        : one({ k: 'null' }, [`state.${path}`]);
    if (endpoint) return union(response(endpoint, `state.${path}`), before);
    if (!isObj(value) || !Object.hasOwn(value, name)) return undefined;
    const v = value[name];
    if (isObj(v)) return stateObject(path, v);
    // Declared null: written later, by whatever writes it; nothing to hold it to.
    return ofJson(v, `state.${path}`, 'any');
  };
  const stateObject = (prefix: string, value: Obj): Ty =>
    objectOf(
      (n) => stateField(prefix, value, n) ?? (prefix ? ANY : undefined),
      () => Object.keys(value),
      [prefix ? `state.${prefix}` : 'state'],
    );
  return stateObject('', isObj(doc.state) ? doc.state : {});
}

/**
 * The type of `computed`: each value's type, worked out when first read (in the page's scope, so
 * one computed value may read another).
 */
function computedType(doc: Obj, page: ReadonlyMap<string, Ty>): Ty {
  const computedDecl: Obj = isObj(doc.computed) ? doc.computed : {};
  const computed = new Map<string, Ty>();
  const busy = new Set<string>();
  const silent = () => undefined;
  const scope: TypeScope = { root: (n) => page.get(n) };
  const computedField = (name: string): Ty | undefined => {
    if (!Object.hasOwn(computedDecl, name)) return undefined;
    const known = computed.get(name);
    if (known) return known;
    if (busy.has(name)) return ANY; // a cycle: computed-cycle reports it
    busy.add(name);
    // Problems inside a computed value are reported where it is written (/computed/<name>), not at each read.
    const ty = through(
      valueType(computedDecl[name], scope, silent, `computed.${name}`),
      `computed.${name}`,
    );
    busy.delete(name);
    computed.set(name, ty);
    return ty;
  };
  return objectOf(computedField, () => Object.keys(computedDecl), ['computed']);
}

export function layoutScope(doc: Obj, catalogue: ApiCatalogue): LayoutScope {
  const response: ResponseType = (endpoint, label, requires) => {
    const r = catalogue.response(endpoint);
    return r
      ? withRequired(schemaType(r.schema, r.root, label, endpoint), requiredPaths(requires))
      : ANY;
  };
  const { sources, requires } = dataSourcesOf(doc);
  const page = new Map<string, Ty>();
  page.set(
    'data',
    objectOf(
      (n) =>
        Object.hasOwn(sources, n)
          ? response(sources[n] ?? '', `data.${n}`, requires[n])
          : undefined,
      () => Object.keys(sources),
      ['data'],
    ),
  );
  page.set('state', stateType(doc, response));
  page.set('computed', computedType(doc, page));
  // Query parameters are text from the address; the others are the host's, typed by their own code.
  page.set(
    'query',
    objectOf(
      (n) => text([`query.${n}`]),
      () => [],
      ['query'],
    ),
  );
  for (const name of ['config', 'dialogs', 'sources', 'screen', 'local']) page.set(name, ANY);
  return { page, sources, response };
}
