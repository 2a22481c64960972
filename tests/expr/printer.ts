import fc from 'fast-check';
import type { Node } from '../../src/expr';
import { baseFunctionNames } from '../../src/expr';

/**
 * Random syntax trees and a printer back to source, for the fuzz test. The printer puts every
 * operator in parentheses, so parse(print(tree)) must give the same tree back (positions aside).
 */

export const NAMES = [
  'a',
  'b',
  'data',
  'list',
  's',
  'n',
  'x',
  'this',
  'window',
  'globalThis',
  'document',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'constructor',
  'prototype',
];
export const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const PROPERTY_NAMES = [...NAMES, 'length', 'null', 'true', 'cookie', 'call', 'apply', 'bind'];
const FUNCTION_NAMES = [
  ...baseFunctionNames,
  'alert',
  'eval',
  'Function',
  'toString',
  'constructor',
  'require',
];

const literal: fc.Arbitrary<Node> = fc
  .oneof(
    fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((n) => n + 0),
    fc.integer({ min: 0, max: 20 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom<string | boolean | null | undefined>(
      '',
      '__proto__',
      'constructor',
      true,
      false,
      null,
      undefined,
    ),
  )
  .map((value) => ({ type: 'Literal', value, pos: 0 }));

const identifier: fc.Arbitrary<Node> = fc
  .constantFrom(...NAMES)
  .map((name) => ({ type: 'Identifier', name, pos: 0 }));

export const nodeArbitrary: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => {
  const node = tie('node');
  const link = fc.oneof(
    fc.record({
      computed: fc.constant(false as const),
      name: fc.constantFrom(...PROPERTY_NAMES),
      optional: fc.boolean(),
      pos: fc.constant(0),
    }),
    fc.record({
      computed: fc.constant(true as const),
      expr: node,
      optional: fc.boolean(),
      pos: fc.constant(0),
    }),
  );
  return {
    node: fc.oneof(
      { maxDepth: 5, depthSize: 'small' },
      literal,
      identifier,
      fc.record({
        type: fc.constant('Chain' as const),
        base: node,
        links: fc.array(link, { minLength: 1, maxLength: 3 }),
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Call' as const),
        callee: fc.constantFrom(...FUNCTION_NAMES),
        args: fc.array(node, { maxLength: 3 }),
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Unary' as const),
        operator: fc.constantFrom('!' as const, '-' as const, '+' as const),
        argument: node,
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Binary' as const),
        operator: fc.constantFrom(
          '*' as const,
          '/' as const,
          '%' as const,
          '+' as const,
          '-' as const,
          '<' as const,
          '<=' as const,
          '>' as const,
          '>=' as const,
          '==' as const,
          '!=' as const,
          '===' as const,
          '!==' as const,
        ),
        left: node,
        right: node,
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Logical' as const),
        operator: fc.constantFrom('&&' as const, '||' as const, '??' as const),
        left: node,
        right: node,
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Conditional' as const),
        test: node,
        consequent: node,
        alternate: node,
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Array' as const),
        elements: fc.array(node, { maxLength: 3 }),
        pos: fc.constant(0),
      }),
      fc.record({
        type: fc.constant('Object' as const),
        properties: fc.array(
          fc.record({
            key: fc.oneof(fc.constantFrom(...PROPERTY_NAMES), fc.string({ maxLength: 4 })),
            value: node,
            pos: fc.constant(0),
          }),
          { maxLength: 3 },
        ),
        pos: fc.constant(0),
      }),
    ),
  };
}).node;

// A chain base that is itself an operator, a chain or a number needs parentheses (`(5).x`).
function baseNeedsParens(base: Node): boolean {
  return (
    base.type === 'Chain' ||
    base.type === 'Unary' ||
    base.type === 'Binary' ||
    base.type === 'Logical' ||
    base.type === 'Conditional' ||
    (base.type === 'Literal' && typeof base.value === 'number')
  );
}

export function print(node: Node): string {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? JSON.stringify(node.value) : String(node.value);
    case 'Identifier':
      return node.name;
    case 'Chain': {
      const base = baseNeedsParens(node.base) ? `(${print(node.base)})` : print(node.base);
      return (
        base +
        node.links
          .map((l) =>
            l.computed
              ? `${l.optional ? '?.' : ''}[${print(l.expr)}]`
              : `${l.optional ? '?.' : '.'}${l.name}`,
          )
          .join('')
      );
    }
    case 'Call':
      return `${node.callee}(${node.args.map(print).join(', ')})`;
    case 'Unary':
      return `(${node.operator}${print(node.argument)})`;
    case 'Binary':
    case 'Logical':
      return `(${print(node.left)} ${node.operator} ${print(node.right)})`;
    case 'Conditional':
      return `(${print(node.test)} ? ${print(node.consequent)} : ${print(node.alternate)})`;
    case 'Array':
      return `[${node.elements.map(print).join(', ')}]`;
    case 'Object':
      return `{${node.properties.map((p) => `${JSON.stringify(p.key)}: ${print(p.value)}`).join(', ')}}`;
  }
}

/** True when the parser must refuse the printed tree: a forbidden name where it checks names. */
export function usesForbiddenName(node: Node): boolean {
  switch (node.type) {
    case 'Identifier':
      return FORBIDDEN.has(node.name);
    case 'Chain':
      return (
        usesForbiddenName(node.base) ||
        node.links.some((l) => (l.computed ? usesForbiddenName(l.expr) : FORBIDDEN.has(l.name)))
      );
    case 'Object':
      return node.properties.some((p) => FORBIDDEN.has(p.key) || usesForbiddenName(p.value));
    case 'Literal':
      return false;
    case 'Call':
      return node.args.some(usesForbiddenName);
    case 'Unary':
      return usesForbiddenName(node.argument);
    case 'Binary':
    case 'Logical':
      return usesForbiddenName(node.left) || usesForbiddenName(node.right);
    case 'Conditional':
      return [node.test, node.consequent, node.alternate].some(usesForbiddenName);
    case 'Array':
      return node.elements.some(usesForbiddenName);
  }
}

/** Drops `pos` everywhere, to compare trees by shape. */
export function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'pos')
        .map(([k, v]) => [k, withoutPositions(v)]),
    );
  }
  return value;
}
