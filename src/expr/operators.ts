import type { BinaryOperator, UnaryOperator } from './ast';
import { abort, describe } from './errors';
import { LIMITS } from './limits';
import { sameValue } from './equality';

type Primitive = string | number | boolean | null | undefined;

function isPrimitive(v: unknown): v is Primitive {
  return (
    v === null ||
    v === undefined ||
    typeof v === 'string' ||
    typeof v === 'number' ||
    typeof v === 'boolean'
  );
}

/**
 * Arithmetic and comparison accept primitives only. JavaScript would convert an object by
 * calling its valueOf/toString/Symbol.toPrimitive, which a hostile scope could supply; refusing
 * objects keeps every operator free of calls into data.
 */
function operand(v: unknown, op: string, pos: number): Primitive {
  if (!isPrimitive(v)) abort(`Operator "${op}" cannot be used with ${describe(v)}`, pos);
  return v;
}

function tooLong(pos: number): never {
  return abort(`Text is longer than ${LIMITS.maxStringLength} characters`, pos);
}

export function checkString(s: string, pos: number): string {
  if (s.length > LIMITS.maxStringLength) tooLong(pos);
  return s;
}

export function applyUnary(op: UnaryOperator, v: unknown, pos: number): unknown {
  // Truthiness never calls into the value, so `!` accepts anything.
  if (op === '!') return !v;
  const n = Number(operand(v, op, pos));
  return op === '-' ? -n : n;
}

function compare(op: '<' | '<=' | '>' | '>=', a: Primitive, b: Primitive): boolean {
  // Same rule as JavaScript: two strings compare as text, anything else as numbers.
  if (typeof a === 'string' && typeof b === 'string') {
    return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
  }
  const x = Number(a);
  const y = Number(b);
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

export function applyBinary(
  op: BinaryOperator,
  left: unknown,
  right: unknown,
  pos: number,
): unknown {
  switch (op) {
    // Not JavaScript's loose table: the one equality of src/expr/equality.ts (1 == "1", null ==
    // undefined, nothing else coerced), shared with filter/count/contains and the widgets.
    case '==':
      return sameValue(left, right);
    case '!=':
      return !sameValue(left, right);
    case '===':
      return left === right;
    case '!==':
      return left !== right;
    default:
      break;
  }
  const a = operand(left, op, pos);
  const b = operand(right, op, pos);
  switch (op) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') {
        const la = String(a);
        const lb = String(b);
        // Checked before concatenating so a doubling chain cannot allocate past the limit.
        if (la.length + lb.length > LIMITS.maxStringLength) tooLong(pos);
        return la + lb;
      }
      return Number(a) + Number(b);
    case '-':
      return Number(a) - Number(b);
    case '*':
      return Number(a) * Number(b);
    case '/':
      return Number(a) / Number(b);
    case '%':
      return Number(a) % Number(b);
    default:
      return compare(op, a, b);
  }
}
