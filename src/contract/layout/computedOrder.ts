/**
 * The order in which `layout.computed` values are evaluated, and their cycles: shared by the
 * renderer (src/runtime/computed.ts) and the validator (src/lint/computed.ts). Pure; reads the
 * expressions through src/expr only.
 */
import { templateReads } from '@kopa/expr';

export type ComputedDefs = Readonly<Record<string, unknown>>;

/** The names of other computed values a definition reads (`computed.x`, `computed?.x`). */
export function computedReads(def: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 64) return out;
  if (typeof def === 'string') {
    // A definition that never names `computed` reads none: no walk of its tree.
    if (!def.includes('computed')) return out;
    for (const path of templateReads(def).paths)
      if (path[0] === 'computed' && path[1] !== undefined) out.add(path[1]);
  } else if (Array.isArray(def)) {
    for (const v of def) computedReads(v, out, depth + 1);
  } else if (def !== null && typeof def === 'object') {
    for (const v of Object.values(def)) computedReads(v, out, depth + 1);
  }
  return out;
}

/**
 * Dependency order and cycles of a set of definitions: a depth-first walk; a name met again
 * while it is still open closes a cycle, given as the path from it back to itself.
 */
export function orderComputed(defs: ComputedDefs): {
  order: string[];
  cycles: Map<string, string[]>;
} {
  const names = Object.keys(defs);
  const reads = new Map(
    names.map((n) => [n, [...computedReads(defs[n])].filter((d) => Object.hasOwn(defs, d))]),
  );
  const order: string[] = [];
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    const s = state.get(name);
    if (s === 'done') return;
    if (s === 'open') {
      // Each name on the loop gets it spelled from itself: b -> a -> b, not a -> b -> a.
      const loop = path.slice(path.indexOf(name));
      loop.forEach((n, i) => {
        if (!cycles.has(n)) cycles.set(n, [...loop.slice(i), ...loop.slice(0, i), n]);
      });
      return;
    }
    state.set(name, 'open');
    for (const dep of reads.get(name) ?? []) visit(dep, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const n of names) visit(n, []);
  return { order: order.filter((n) => !cycles.has(n)), cycles };
}
