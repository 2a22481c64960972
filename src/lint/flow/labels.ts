/**
 * Information-flow labels: which values of a layout are session or personal. A value is labelled
 * when it reads the page's query (userId, sessionId, mobilePhone, orderId...; not lang), a name
 * that holds a credential or identifies a borrower anywhere (token, session, phone, password,
 * userId, idCard...), what the borrower types (the state an input, textarea or picker binds, an
 * onChange's value), or anything labelled itself: a computed value, a state path or a device
 * storage key (`local.*`) written from a labelled value, a repeat's item over a labelled list.
 * Any expression reading a labelled value is labelled, whatever functions it goes through
 * (concat, case, slice, encode, templates): labels only spread. Fragments and `with` are
 * expanded before this runs, so their values are read where they land.
 */
import { analyzeTemplate, hasBindings } from '@kopa/expr';
import { stateRoot } from '../state';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

const NOT_SESSION = new Set(['lang']);
const SENSITIVE_NAME = /token|session|phone|password|secret|userid|deviceid|idcard|mobile/i;
/** Widgets whose `bind` holds what the borrower types or picks. */
const TYPED = new Set(['input', 'textarea', 'enum-picker', 'server-form']);
/** Locals a handler sees that hold what the borrower typed. */
const TYPED_LOCALS = new Set(['value']);

export interface Labels {
  computed: Map<string, string>;
  state: Map<string, string>;
  local: Map<string, string>;
}

/** Locals in scope (a repeat's item, a handler's value) that carry a label: name -> why. */
export type Locals = ReadonlyMap<string, string>;

/** Every string inside a value (params and setState values nest). */
export function strings(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 100) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out, depth + 1);
  else if (isObj(value)) for (const v of Object.values(value)) strings(v, out, depth + 1);
  return out;
}

/** Every labelled value a text reads, each named with where its label comes from. */
export function labelledReads(text: string, labels: Labels, locals: Locals): string[] {
  if (!hasBindings(text)) return [];
  const out: string[] = [];
  for (const path of analyzeTemplate(text).paths) {
    const read = labelOfPath(path, labels, locals);
    if (read !== null && !out.includes(read)) out.push(read);
  }
  return out;
}

/** The first labelled value a text reads, named with where its label comes from; else null. */
export function labelledRead(text: string, labels: Labels, locals: Locals): string | null {
  return labelledReads(text, labels, locals)[0] ?? null;
}

function labelOfPath(path: readonly string[], labels: Labels, locals: Locals): string | null {
  const [root, key] = path;
  const name = path.join('.');
  if (root === undefined) return null;
  if (root === 'query' && (key === undefined || !NOT_SESSION.has(key))) return name;
  if (locals.has(root)) return `${name} (${locals.get(root) ?? ''})`;
  const table =
    root === 'computed'
      ? labels.computed
      : root === 'state'
        ? labels.state
        : root === 'local'
          ? labels.local
          : null;
  if (table && key !== undefined && table.has(key)) return `${name} (${table.get(key) ?? ''})`;
  if (path.slice(1).some((segment) => SENSITIVE_NAME.test(segment))) return name;
  return null;
}

const readOf = (value: unknown, labels: Labels, locals: Locals): string | null => {
  for (const t of strings(value)) {
    const r = labelledRead(t, labels, locals);
    if (r) return r;
  }
  return null;
};

/** The locals a node adds for what is inside it: a repeat's item over a labelled list. */
export function nodeLocals(node: Obj, labels: Labels, locals: Locals): Locals {
  if (node.type !== 'repeat') return locals;
  const read = readOf(node.items, labels, locals);
  if (!read) return locals;
  const as = typeof node.itemAs === 'string' ? node.itemAs : 'item';
  return new Map([...locals, [as, `an item of ${read}`]]);
}

/** The locals a handler key adds: what the borrower typed, as `value`. */
export function handlerLocals(key: string, locals: Locals): Locals {
  return key === 'onChange' || key === 'onConfirm'
    ? new Map([...locals, ...[...TYPED_LOCALS].map((n) => [n, 'what the borrower typed'] as const)])
    : locals;
}

function grow(value: unknown, labels: Labels, locals: Locals, depth: number): boolean {
  if (depth > 100) return false;
  let changed = false;
  if (Array.isArray(value)) {
    for (const v of value) changed = grow(v, labels, locals, depth + 1) || changed;
    return changed;
  }
  if (!isObj(value)) return false;
  const set = (table: Map<string, string>, key: string, why: string) => {
    if (table.has(key)) return;
    table.set(key, why);
    changed = true;
  };
  if (typeof value.type === 'string' && TYPED.has(value.type) && typeof value.bind === 'string')
    set(labels.state, stateRoot(value.bind), `what the borrower types into ${value.type}`);
  if (value.type === 'setState' && typeof value.path === 'string') {
    const read = readOf(value.value, labels, locals);
    if (read) set(labels.state, stateRoot(value.path), `set from ${read}`);
  }
  if (value.type === 'storage' && value.op === 'set' && typeof value.key === 'string') {
    const read = readOf(value.value, labels, locals);
    if (read) set(labels.local, value.key, `stored from ${read}`);
  }
  const inner = typeof value.type === 'string' ? nodeLocals(value, labels, locals) : locals;
  for (const [k, v] of Object.entries(value))
    if (k !== '$comment') changed = grow(v, labels, handlerLocals(k, inner), depth + 1) || changed;
  return changed;
}

/** The labels of an (expanded) layout, to a fixpoint. */
export function layoutLabels(doc: Obj): Labels {
  const labels: Labels = { computed: new Map(), state: new Map(), local: new Map() };
  const defs = isObj(doc.computed) ? Object.entries(doc.computed) : [];
  for (let round = 0, changed = true; changed && round < 50; round++) {
    changed = false;
    for (const [name, def] of defs) {
      if (labels.computed.has(name)) continue;
      const read = readOf(def, labels, new Map());
      if (read) changed = Boolean(labels.computed.set(name, `reads ${read}`));
    }
    changed = grow(doc, labels, new Map(), 0) || changed;
    // layout.persist keeps a state path on the device: a labelled one labels its key.
    for (const p of Array.isArray(doc.persist) ? doc.persist : []) {
      if (!isObj(p) || typeof p.key !== 'string' || typeof p.path !== 'string') continue;
      const why = labels.state.get(stateRoot(p.path));
      if (why && !labels.local.has(p.key))
        changed = Boolean(labels.local.set(p.key, `kept from state.${p.path} (${why})`));
    }
  }
  return labels;
}
