/**
 * Page-level computed values (`layout.computed`, read as `computed.<name>`): a long expression a
 * layout needs in several places is written once, by name.
 *
 * Each snapshot of the page store gets one `computed` object (memoised on the snapshot and
 * shared by every binding that reads it). Its values are filled on demand: just before a binding
 * is evaluated, resolveValue asks for the computed names it reads (registerComputed in
 * resolve.ts), and each is evaluated once for that snapshot, the computed values it reads first
 * (the same way, as its own bindings are resolved). So a computed value that reads data not
 * loaded yet is evaluated only when a binding that needs it is, exactly like the same expression
 * written in place, and costs nothing while no binding reads it. A cycle is refused by the
 * validator (src/lint/computed.ts); should one reach the browser, its names read as undefined and
 * the cycle is reported once.
 */
import { templateReads } from '@kopa/expr';
import { orderComputed, type ComputedDefs } from '@kopa/contract';
import type { RuntimeEnv } from './env';
import { escapePointer } from '@kopa/contract';
import { registerComputed, resolveValue, type ResolveProblem } from './resolve';

interface Prepared {
  /** Names on a cycle: never evaluated. */
  cyclic: Map<string, string[]>;
  /** Problems already reported for this layout (pointer|message): once per page, not per snapshot. */
  reported: Set<string>;
}

const prepared = new WeakMap<object, Prepared>();
const values = new WeakMap<object, Record<string, unknown>>();
/** Layout string -> the computed names it reads (`computed.x`, `computed?.x`). */
const readsCache = new Map<string, string[]>();

function prepare(defs: ComputedDefs): Prepared {
  let p = prepared.get(defs);
  if (!p) {
    p = { cyclic: orderComputed(defs).cycles, reported: new Set() };
    prepared.set(defs, p);
  }
  return p;
}

function readsOf(source: string): string[] {
  let names = readsCache.get(source);
  if (!names) {
    // Asked for every bound value the page evaluates: one that never names `computed` reads none,
    // and needs no walk of its tree.
    names = !source.includes('computed')
      ? []
      : templateReads(source)
          .paths.filter((p) => p[0] === 'computed' && p[1] !== undefined)
          .map((p) => p[1] as string);
    // Layout strings are few and fixed; the bound keeps a hostile page from growing it forever.
    if (readsCache.size > 5000) readsCache.clear();
    readsCache.set(source, names);
  }
  return names;
}

/**
 * The computed object of one snapshot (`key`), whose values are evaluated against `base` (the
 * page scope without locals) as bindings ask for them.
 */
export function computedValues(
  key: object,
  defs: ComputedDefs | undefined,
  base: Record<string, unknown>,
  env: RuntimeEnv,
): Record<string, unknown> {
  const known = values.get(key);
  if (known) return known;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  values.set(key, out);
  if (!defs || Object.keys(defs).length === 0) return out;
  const p = prepare(defs);
  const scope: Record<string, unknown> = Object.assign(
    Object.create(null) as Record<string, unknown>,
    base,
    { computed: out },
  );
  const started = new Set<string>();
  const report = (problems: ResolveProblem[]) => {
    for (const problem of problems) {
      const id = `${problem.pointer}|${problem.message}`;
      if (p.reported.has(id)) continue;
      p.reported.add(id);
      env.report({ pointer: problem.pointer, message: problem.message, kind: 'binding' });
    }
  };
  const fill = (name: string): void => {
    if (started.has(name) || !Object.hasOwn(defs, name)) return;
    started.add(name);
    const pointer = `/computed/${escapePointer(name)}`;
    const loop = p.cyclic.get(name);
    if (loop)
      return report([
        { pointer, message: `computed "${name}" reads itself (${loop.join(' -> ')})` },
      ]);
    const problems: ResolveProblem[] = [];
    // Its own bindings ask for the computed values they read first (this same function).
    out[name] = resolveValue(defs[name], scope, pointer, problems);
    report(problems);
  };
  registerComputed(out, (source) => {
    for (const name of readsOf(source)) fill(name);
  });
  return out;
}
