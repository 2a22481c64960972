/**
 * Syntax tree of one expression. Plain data (no methods, no classes) so trees can be cached,
 * compared in tests and walked by the linter. `pos` is the offset of the node's first
 * character (for operators: of the operator) in the layout string.
 */
export type Node =
  | LiteralNode
  | IdentifierNode
  | ChainNode
  | CallNode
  | UnaryNode
  | BinaryNode
  | LogicalNode
  | ConditionalNode
  | ArrayNode
  | ObjectNode;

export interface LiteralNode {
  type: 'Literal';
  value: string | number | boolean | null | undefined;
  pos: number;
}

export interface IdentifierNode {
  type: 'Identifier';
  name: string;
  pos: number;
}

/** One `.name`, `[expr]`, `?.name` or `?.[expr]` step of a member chain. */
export type ChainLink =
  | { computed: false; name: string; optional: boolean; pos: number }
  | { computed: true; expr: Node; optional: boolean; pos: number };

/**
 * `base.a?.b[c]` as a flat list rather than nested members: a `?.` short-circuits the rest of
 * its chain (as in JavaScript), and long chains cost no recursion. A parenthesised chain becomes
 * the base of a new chain, which ends the short-circuit, again as in JavaScript.
 */
export interface ChainNode {
  type: 'Chain';
  base: Node;
  links: ChainLink[];
  pos: number;
}

/** Only a bare function name can be called; the parser refuses every other callee. */
export interface CallNode {
  type: 'Call';
  callee: string;
  args: Node[];
  pos: number;
}

export type UnaryOperator = '!' | '-' | '+';
export interface UnaryNode {
  type: 'Unary';
  operator: UnaryOperator;
  argument: Node;
  pos: number;
}

export type BinaryOperator =
  '*' | '/' | '%' | '+' | '-' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '===' | '!==';
export interface BinaryNode {
  type: 'Binary';
  operator: BinaryOperator;
  left: Node;
  right: Node;
  pos: number;
}

export type LogicalOperator = '&&' | '||' | '??';
export interface LogicalNode {
  type: 'Logical';
  operator: LogicalOperator;
  left: Node;
  right: Node;
  pos: number;
}

export interface ConditionalNode {
  type: 'Conditional';
  test: Node;
  consequent: Node;
  alternate: Node;
  pos: number;
}

export interface ArrayNode {
  type: 'Array';
  elements: Node[];
  pos: number;
}

export interface ObjectNode {
  type: 'Object';
  properties: { key: string; value: Node; pos: number }[];
  pos: number;
}

/** Direct children, for walkers that do not care about the node type (linter, height). */
export function childrenOf(node: Node): Node[] {
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
      return [];
    case 'Chain':
      return [node.base, ...node.links.flatMap((l) => (l.computed ? [l.expr] : []))];
    case 'Call':
      return node.args;
    case 'Unary':
      return [node.argument];
    case 'Binary':
    case 'Logical':
      return [node.left, node.right];
    case 'Conditional':
      return [node.test, node.consequent, node.alternate];
    case 'Array':
      return node.elements;
    case 'Object':
      return node.properties.map((p) => p.value);
  }
}
