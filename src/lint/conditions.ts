/**
 * Reasoning over conditions (`visible`, `disabled`): can a condition ever be true, or ever be
 * false? A condition becomes a formula over boolean literals, `!`, `not()`, `&&`, `||` and `?:`;
 * every other sub-expression is an atom that may be true or false (the same atom written twice
 * is one atom, so `a && !a` is never true), and computed values are followed through. Whether a
 * formula can hold is decided by trying every assignment of its atoms (at most 2^12).
 */
import { parseTemplate, type Node } from '@kopa/expr';

export type Formula =
  | { k: 'const'; v: boolean }
  | { k: 'atom'; key: string }
  | { k: 'not'; f: Formula }
  | { k: 'and'; a: Formula; b: Formula }
  | { k: 'or'; a: Formula; b: Formula };

const TRUE: Formula = { k: 'const', v: true };
const FALSE: Formula = { k: 'const', v: false };
export const not = (f: Formula): Formula =>
  f.k === 'const' ? { k: 'const', v: !f.v } : f.k === 'not' ? f.f : { k: 'not', f };
export const and = (a: Formula, b: Formula): Formula => ({ k: 'and', a, b });
const or = (a: Formula, b: Formula): Formula => ({ k: 'or', a, b });

/** A node without positions, so the same expression written twice is the same atom. */
function key(node: Node): string {
  return JSON.stringify(node, (k, v: unknown) => (k === 'pos' ? undefined : v));
}

/** `computed.x` as a name, when the node is exactly that. */
function computedName(node: Node): string | null {
  if (
    node.type !== 'Chain' ||
    node.base.type !== 'Identifier' ||
    node.base.name !== 'computed' ||
    node.links.length !== 1
  )
    return null;
  const link = node.links[0];
  return link && !link.computed ? link.name : null;
}

export interface FormulaContext {
  /** layout.computed: a computed value read in a condition is followed through. */
  computed: Readonly<Record<string, unknown>>;
  /** What the schema types decide about an atom (flow/fold.ts): true, false or undefined. */
  fold?: (node: Node) => boolean | undefined;
}

function atom(node: Node, ctx: FormulaContext): Formula {
  const known = ctx.fold?.(node);
  return known === undefined ? { k: 'atom', key: key(node) } : known ? TRUE : FALSE;
}

function ofNode(node: Node, ctx: FormulaContext, depth: number): Formula {
  if (depth > 20) return atom(node, ctx);
  const next = (n: Node) => ofNode(n, ctx, depth + 1);
  switch (node.type) {
    case 'Literal':
      return node.value ? TRUE : FALSE;
    case 'Unary':
      return node.operator === '!' ? not(next(node.argument)) : atom(node, ctx);
    case 'Call':
      return node.callee === 'not' && node.args.length === 1 && node.args[0]
        ? not(next(node.args[0]))
        : atom(node, ctx);
    case 'Logical':
      if (node.operator === '&&') return and(next(node.left), next(node.right));
      if (node.operator === '||') return or(next(node.left), next(node.right));
      return atom(node, ctx);
    case 'Conditional': {
      const test = next(node.test);
      return or(and(test, next(node.consequent)), and(not(test), next(node.alternate)));
    }
    case 'Array':
    case 'Object':
      return TRUE; // a list or object literal is always truthy
    case 'Chain': {
      const name = computedName(node);
      const value =
        name !== null && Object.hasOwn(ctx.computed, name) ? ctx.computed[name] : undefined;
      if (typeof value === 'string' || typeof value === 'boolean')
        return conditionFormula(value, ctx, depth + 1);
      return atom(node, ctx);
    }
    default:
      return atom(node, ctx);
  }
}

/** The formula of a condition as written in a layout: true/false, or one `{{ }}` binding. */
export function conditionFormula(value: unknown, ctx: FormulaContext, depth = 0): Formula {
  if (value === undefined) return TRUE;
  if (typeof value === 'boolean') return value ? TRUE : FALSE;
  if (typeof value !== 'string') return { k: 'atom', key: JSON.stringify(value) };
  const parsed = parseTemplate(value);
  if (!parsed.ok) return { k: 'atom', key: value };
  const { template } = parsed;
  if (template.kind === 'literal') return value.trim() === '' ? FALSE : TRUE;
  if (template.kind !== 'single') return TRUE; // a mixed text is a non-empty string
  const part = template.parts.find((p) => p.kind === 'binding');
  return part && part.kind === 'binding' ? ofNode(part.ast, ctx, depth) : TRUE;
}

function atoms(f: Formula, out: Set<string>): Set<string> {
  if (f.k === 'atom') out.add(f.key);
  else if (f.k === 'not') atoms(f.f, out);
  else if (f.k === 'and' || f.k === 'or') {
    atoms(f.a, out);
    atoms(f.b, out);
  }
  return out;
}

function evaluate(f: Formula, values: ReadonlyMap<string, boolean>): boolean {
  switch (f.k) {
    case 'const':
      return f.v;
    case 'atom':
      return values.get(f.key) ?? false;
    case 'not':
      return !evaluate(f.f, values);
    case 'and':
      return evaluate(f.a, values) && evaluate(f.b, values);
    case 'or':
      return evaluate(f.a, values) || evaluate(f.b, values);
  }
}

const MAX_ATOMS = 12;

/** Can the formula ever be true? (Past 12 atoms: assumed yes, never a false alarm.) */
export function satisfiable(f: Formula): boolean {
  const names = [...atoms(f, new Set())];
  if (names.length > MAX_ATOMS) return true;
  for (let bits = 0; bits < 1 << names.length; bits++) {
    const values = new Map(names.map((n, i) => [n, (bits & (1 << i)) !== 0]));
    if (evaluate(f, values)) return true;
  }
  return false;
}
