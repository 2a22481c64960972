/**
 * Constant folding for a compiled layout's expression trees: a part of a tree that reads nothing
 * from the scope and calls no function (`1000 * 60`, `'Pay ' + 'now'`, `!true`) is evaluated once,
 * here, and stands in the tree as its value. The phone then walks a Literal instead of the
 * operators. A part whose value is not plain JSON (undefined, an infinite or NaN number), or whose
 * evaluation fails (the error shows on the phone where it is used), is left as it is.
 */
import { baseFunctions, childrenOf, evaluateParsed, type Node } from '@kopa/expr';

type Literal = Extract<Node, { type: 'Literal' }>;

function isConstant(node: Node): boolean {
  if (node.type === 'Identifier' || node.type === 'Chain' || node.type === 'Call') return false;
  return childrenOf(node).every(isConstant);
}

function valueOf(node: Node): Literal | null {
  const result = evaluateParsed(
    { source: '', kind: 'single', parts: [{ kind: 'binding', source: '', start: 0, ast: node }] },
    {},
    baseFunctions,
    '',
  );
  if (!result.ok) return null;
  const v = result.value;
  const plain =
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v));
  return plain ? { type: 'Literal', value: v, pos: node.pos } : null;
}

/** The tree with its constant parts folded (a new tree; the given one is not changed). */
export function foldConstants(node: Node): Node {
  if (node.type === 'Literal') return node;
  if (isConstant(node)) {
    // Arrays and objects stay as written: a literal holds a primitive only.
    if (node.type !== 'Array' && node.type !== 'Object') return valueOf(node) ?? node;
  }
  switch (node.type) {
    case 'Chain':
      return {
        ...node,
        base: foldConstants(node.base),
        links: node.links.map((l) => (l.computed ? { ...l, expr: foldConstants(l.expr) } : l)),
      };
    case 'Call':
      return { ...node, args: node.args.map(foldConstants) };
    case 'Unary':
      return { ...node, argument: foldConstants(node.argument) };
    case 'Binary':
    case 'Logical':
      return { ...node, left: foldConstants(node.left), right: foldConstants(node.right) };
    case 'Conditional':
      return {
        ...node,
        test: foldConstants(node.test),
        consequent: foldConstants(node.consequent),
        alternate: foldConstants(node.alternate),
      };
    case 'Array':
      return { ...node, elements: node.elements.map(foldConstants) };
    case 'Object':
      return {
        ...node,
        properties: node.properties.map((p) => ({ ...p, value: foldConstants(p.value) })),
      };
    default:
      return node;
  }
}
