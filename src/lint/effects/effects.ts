/**
 * What a layout does, whatever its nodes are named: the endpoints it calls (requests and data
 * sources; once per place that calls, so a second button calling the same endpoint is a change)
 * and what each of those calls sends (sends.ts: a changed parameter is a change), the bridge
 * actions it runs (once per place, their arguments compared the same way), the device storage
 * keys it writes, and the hosts outside this app its URLs reach (images, frames, redirects,
 * openLink, rich-text links and sources, any absolute URL written in a text). A URL whose host an expression builds is the host
 * UNKNOWN_HOST. Publishing compares these lists (server/layouts/approvals/policy.ts).
 */
import { targetOf } from '../urlRules';
import { callSends, sendKey, type CallSend } from './sends';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface Effects {
  /** One entry per place that makes the call, sorted. */
  calls: string[];
  bridge: string[];
  storage: string[];
  hosts: string[];
  /** What each place making a call or running a bridge action sends (sends.ts). */
  sends: CallSend[];
}

/** The effects listed by name (the calls' data is compared field by field instead). */
type Listed = Exclude<keyof Effects, 'sends'>;

export const UNKNOWN_HOST = '(a host an expression builds)';
const ABSOLUTE_URL = /(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})/gi;

/** The URL-bearing texts of one node or action (as urlRules.ts reads them). */
function urlTexts(v: Obj): string[] {
  const out: string[] = [];
  if ((v.type === 'image' || v.type === 'web-frame') && typeof v.src === 'string') out.push(v.src);
  if (v.type === 'redirect' && typeof v.url === 'string') out.push(v.url);
  if (v.type === 'bridge' && v.action === 'openLink' && isObj(v.args))
    for (const a of Object.values(v.args)) if (typeof a === 'string') out.push(a);
  return out;
}

interface Found {
  calls: string[];
  bridge: string[];
  storage: Set<string>;
  hosts: Set<string>;
}

function walk(value: unknown, fx: Found, depth: number): void {
  if (depth > 100) return;
  if (typeof value === 'string') {
    for (const m of value.matchAll(ABSOLUTE_URL)) fx.hosts.add((m[1] ?? '').toLowerCase());
    return;
  }
  if (Array.isArray(value)) return value.forEach((v) => walk(v, fx, depth + 1));
  if (!isObj(value)) return;
  if (typeof value.endpoint === 'string') fx.calls.push(value.endpoint);
  if (value.type === 'bridge' && typeof value.action === 'string') fx.bridge.push(value.action);
  if (value.type === 'storage' && typeof value.key === 'string') fx.storage.add(value.key);
  for (const text of urlTexts(value)) {
    const target = targetOf(text);
    if (target.to === 'unknown') fx.hosts.add(UNKNOWN_HOST);
    if (target.to === 'host') fx.hosts.add(target.host);
  }
  for (const [k, v] of Object.entries(value)) if (k !== '$comment') walk(v, fx, depth + 1);
}

/** The effects of an (expanded) layout, each list sorted. */
export function layoutEffects(doc: unknown): Effects {
  const fx: Found = {
    calls: [],
    bridge: [],
    storage: new Set<string>(),
    hosts: new Set<string>(),
  };
  walk(doc, fx, 0);
  // A kept state path writes its storage key as surely as a storage action does.
  if (isObj(doc) && Array.isArray(doc.persist))
    for (const kept of doc.persist)
      if (isObj(kept) && typeof kept.key === 'string') fx.storage.add(kept.key);
  const sorted = (s: Set<string>) => [...s].sort();
  return {
    calls: [...fx.calls].sort(),
    bridge: [...fx.bridge].sort(),
    storage: sorted(fx.storage),
    hosts: sorted(fx.hosts),
    sends: callSends(doc),
  };
}

const WHAT: Readonly<Record<Listed, string>> = {
  calls: 'a call to',
  bridge: 'the bridge action',
  storage: 'the storage key',
  hosts: 'the external host',
};

/** How many times each entry occurs. */
function counts(list: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** The items of `a` left once each item of `b` has taken away one equal to it. */
function minus(a: readonly CallSend[], b: readonly CallSend[]): CallSend[] {
  const left = counts(b.map(sendKey));
  return a.filter((c) => {
    const n = left.get(sendKey(c)) ?? 0;
    if (n > 0) left.set(sendKey(c), n - 1);
    return n === 0;
  });
}

/**
 * A call kept in place whose data changed: "changes what a call to problemSave sends:
 * params.problemDetail". Calls added or removed outright are the `calls` lines.
 */
function sendChanges(before: readonly CallSend[], after: readonly CallSend[]): string[] {
  const gone = minus(before, after);
  const lines: string[] = [];
  for (const now of minus(after, before)) {
    const i = gone.findIndex((c) => c.endpoint === now.endpoint && c.bridge === now.bridge);
    const was = i < 0 ? undefined : gone.splice(i, 1)[0];
    if (!was) continue;
    const fields = [...new Set([...Object.keys(was.fields), ...Object.keys(now.fields)])]
      .filter((f) => was.fields[f] !== now.fields[f])
      .sort();
    const what = now.bridge ? 'the bridge action' : 'a call to';
    lines.push(`changes what ${what} ${now.endpoint} sends: ${fields.join(', ')}`);
  }
  return lines;
}

/** How `after` differs from `before`: "adds a call to saveBankInfo", "removes the storage key x". */
export function effectDiff(before: Effects | null, after: Effects): string[] {
  const lines: string[] = [];
  for (const kind of Object.keys(WHAT) as Listed[]) {
    const was = counts(before?.[kind] ?? []);
    const now = counts(after[kind]);
    for (const [x, n] of now)
      for (let i = was.get(x) ?? 0; i < n; i++) lines.push(`adds ${WHAT[kind]} ${x}`);
    for (const [x, n] of was)
      for (let i = now.get(x) ?? 0; i < n; i++) lines.push(`removes ${WHAT[kind]} ${x}`);
  }
  return [...lines, ...sendChanges(before?.sends ?? [], after.sends)];
}
