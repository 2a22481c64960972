/**
 * What each call of a layout sends, as the server would receive it: its params and query, and,
 * for every value they read, where that value comes from (a computed value's definition, the
 * writes and initial value of a state path, what a storage key is set to, a repeat item's list,
 * the endpoint a data source's answer comes from), followed to the end. Two layouts whose call
 * to an endpoint differs in any of that send different data, whatever the names they use: a
 * changed parameter, a computed value redefined under the same name, a state path now written
 * with fixed card fields. Fragments and `with` are expanded before this runs.
 */
import { analyzeTemplate, hasBindings } from '@kopa/expr';
import { strings } from '../flow/labels';
import { stateRoot } from '../state';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One place that makes a call or runs a bridge action: which, and by field what it sends. */
export interface CallSend {
  /** The endpoint, or the bridge action when `bridge` is set. */
  endpoint: string;
  bridge?: true;
  /** "params.cardNo" -> its value; "reads computed.total" -> that value's source. */
  fields: Record<string, string>;
}

/** JSON with object keys sorted, so two equal values read the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObj(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Where the values a layout reads come from: its definitions and every write. */
class Sources {
  readonly computed: Obj;
  readonly state = new Map<string, unknown[]>();
  readonly local = new Map<string, unknown[]>();
  readonly data = new Map<string, unknown>();

  constructor(doc: Obj) {
    this.computed = isObj(doc.computed) ? doc.computed : {};
    if (isObj(doc.state))
      for (const [k, v] of Object.entries(doc.state)) this.add(this.state, k, { initial: v });
    if (isObj(doc.dataSources))
      for (const [name, s] of Object.entries(doc.dataSources))
        if (isObj(s))
          this.data.set(name, { endpoint: s.endpoint, params: s.params, query: s.query });
    if (Array.isArray(doc.persist))
      for (const kept of doc.persist)
        if (isObj(kept) && typeof kept.key === 'string' && typeof kept.path === 'string') {
          this.add(this.local, kept.key, { keeps: kept.path });
          this.add(this.state, stateRoot(kept.path), { restoredFrom: kept.key });
        }
    this.collect(doc, 0);
  }

  private add(map: Map<string, unknown[]>, key: string, value: unknown): void {
    map.set(key, [...(map.get(key) ?? []), value]);
  }

  /** Every write of a state path or storage key, anywhere in the layout. */
  private collect(value: unknown, depth: number): void {
    if (depth > 100) return;
    if (Array.isArray(value)) return value.forEach((v) => this.collect(v, depth + 1));
    if (!isObj(value)) return;
    const write = (path: unknown, what: unknown) => {
      if (typeof path === 'string') this.add(this.state, stateRoot(path), what);
    };
    if (value.type === 'setState') write(value.path, { set: value.path, value: value.value });
    if (value.type === 'countdown') write(value.path, { countdown: value.path });
    if (value.type === 'http') write(value.saveAs, { answerOf: value.endpoint });
    for (const key of ['bind', 'resultPath', 'collect'])
      write(value[key], { [key]: value[key], by: value.type });
    if (value.type === 'storage' && typeof value.key === 'string')
      this.add(this.local, value.key, { op: value.op, value: value.value });
    for (const [k, v] of Object.entries(value)) if (k !== '$comment') this.collect(v, depth + 1);
  }
}

/** Local names in scope (a repeat's item and index): name -> where it comes from. */
type Locals = ReadonlyMap<string, unknown>;

/** The source of every value `value` reads, followed through what those sources read. */
function readsOf(value: unknown, sources: Sources, locals: Locals): Record<string, string> {
  const out: Record<string, string> = {};
  const queue: unknown[] = [value];
  for (let guard = 0; queue.length > 0 && guard < 500; guard++) {
    for (const text of strings(queue.shift())) {
      if (!hasBindings(text)) continue;
      for (const [root, key] of analyzeTemplate(text).paths) {
        if (root === undefined) continue;
        const found = sourceOf(root, key, sources, locals);
        if (!found || out[found.name] !== undefined) continue;
        out[found.name] = canonical(found.source);
        queue.push(found.source);
      }
    }
  }
  return out;
}

function sourceOf(
  root: string,
  key: string | undefined,
  sources: Sources,
  locals: Locals,
): { name: string; source: unknown } | null {
  if (locals.has(root)) return { name: `reads ${root}`, source: locals.get(root) };
  if (key === undefined) return null;
  const from =
    root === 'computed'
      ? Object.hasOwn(sources.computed, key)
        ? sources.computed[key]
        : undefined
      : root === 'state'
        ? sources.state.get(key)
        : root === 'local'
          ? sources.local.get(key)
          : root === 'data'
            ? sources.data.get(key)
            : undefined;
  return from === undefined ? null : { name: `reads ${root}.${key}`, source: from };
}

/** One text per distinct place: equal texts send the same. */
export const sendKey = (c: CallSend): string =>
  `${c.bridge ? 'bridge ' : ''}${c.endpoint} ${canonical(c.fields)}`;

/** Every place that makes a call or runs a bridge action, with what it sends, in a stable order. */
export function callSends(doc: unknown): CallSend[] {
  const root = isObj(doc) ? doc : {};
  const sources = new Sources(root);
  const found: CallSend[] = [];
  const visit = (value: unknown, locals: Locals, depth: number): void => {
    if (depth > 100) return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, locals, depth + 1));
    if (!isObj(value)) return;
    const fieldsOf = (parts: readonly string[]) => {
      const fields: Record<string, string> = {};
      for (const part of parts)
        if (isObj(value[part]))
          for (const [k, v] of Object.entries(value[part])) fields[`${part}.${k}`] = canonical(v);
      return Object.assign(
        fields,
        readsOf(
          parts.map((p) => value[p]),
          sources,
          locals,
        ),
      );
    };
    if (typeof value.endpoint === 'string')
      found.push({ endpoint: value.endpoint, fields: fieldsOf(['params', 'query']) });
    // A bridge action hands its arguments to the native app (a link to open, a message and
    // its recipient): what it sends, like a call's.
    if (value.type === 'bridge' && typeof value.action === 'string')
      found.push({ endpoint: value.action, bridge: true, fields: fieldsOf(['args']) });
    let inner = locals;
    if (value.type === 'repeat') {
      const item = typeof value.itemAs === 'string' ? value.itemAs : 'item';
      const index = typeof value.indexAs === 'string' ? value.indexAs : 'index';
      const list = { itemOf: value.items, from: readsOf(value.items, sources, locals) };
      inner = new Map([...locals, [item, list], [index, list]]);
    }
    for (const [k, v] of Object.entries(value))
      if (k !== '$comment') visit(v, k === 'template' ? inner : locals, depth + 1);
  };
  visit(root, new Map(), 0);
  return found
    .map((c) => ({ c, key: sendKey(c) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ c }) => c);
}
