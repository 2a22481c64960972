/**
 * What the schema types decide about a condition's atom, for every answer the response schemas
 * allow: a value that can only be absent is false; `a === b` (and `==`, `!==`, `!=`) between
 * values whose types can never be equal is false (true for the negations). Anything the types
 * leave open, a value of any type included, is undecided: the checker then assumes it can go
 * either way, never a false alarm.
 */
import type { Node } from '@kopa/expr';
import { inferType, type TypeScope } from '../types/infer';
import type { Base, Ty } from '../types/ty';

/** The kinds of values a type allows, or null when it allows anything. */
function kinds(ty: Ty): Set<string> | null {
  const out = new Set<string>();
  for (const alt of ty.alts) {
    if (alt.t.k === 'any') return null;
    out.add(alt.t.k);
  }
  if (ty.optional) out.add('null');
  return out;
}

/** Can a value of kind a ever equal one of kind b (`loose`: the `==` of src/expr/equality.ts)? */
function canEqual(a: Base['k'] | string, b: Base['k'] | string, loose: boolean): boolean {
  if (a === b) return true;
  return loose && ((a === 'number' && b === 'text') || (a === 'text' && b === 'number'));
}

const EQUALITY: Readonly<Record<string, { loose: boolean; negated: boolean }>> = {
  '==': { loose: true, negated: false },
  '!=': { loose: true, negated: true },
  '===': { loose: false, negated: false },
  '!==': { loose: false, negated: true },
};

/** A folder for conditions.ts, reading names through `scope` (the layout's typed page names). */
export function typeFolder(scope: TypeScope): (node: Node) => boolean | undefined {
  const typeOf = (node: Node): Set<string> | null => kinds(inferType(node, scope, () => {}));
  return (node) => {
    if (node.type === 'Binary') {
      const eq = EQUALITY[node.operator];
      if (!eq) return undefined;
      const left = typeOf(node.left);
      const right = typeOf(node.right);
      if (!left || !right) return undefined;
      const possible = [...left].some((a) => [...right].some((b) => canEqual(a, b, eq.loose)));
      return possible ? undefined : eq.negated;
    }
    if (node.type === 'Chain') {
      const k = typeOf(node);
      if (k && k.size === 1 && k.has('null')) return false;
    }
    return undefined;
  };
}
