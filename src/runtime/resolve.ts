import { resolveWith, type ResolveProblem } from '@kopa/contract';
import { exprFunctions } from './exprFunctions';

export type { ResolveProblem };
export { isStatic } from '@kopa/contract';

/**
 * A scope's `computed` object -> fills in the computed values a layout string reads before it is
 * evaluated (src/runtime/computed.ts registers it; kept here so this file imports nothing of that one).
 */
const computedFillers = new WeakMap<object, (source: string) => void>();

export function registerComputed(computed: object, fill: (source: string) => void): void {
  computedFillers.set(computed, fill);
}

/** Fills the computed values a template reads before it is evaluated. */
function fillComputed(source: string, scope: Readonly<Record<string, unknown>>): void {
  const computed = scope.computed;
  if (computed !== null && typeof computed === 'object') computedFillers.get(computed)?.(source);
}

/**
 * Evaluates every binding in a layout value with the expression functions (prelude/resolve.ts):
 * strings are templates, arrays and objects are walked (own keys only; keys that could reach a
 * prototype are dropped), the rest is literal. Problems are collected, never thrown, so one bad
 * binding cannot blank a page.
 */
export function resolveValue(
  value: unknown,
  scope: Readonly<Record<string, unknown>>,
  pointer: string,
  problems: ResolveProblem[],
  depth = 0,
): unknown {
  return resolveWith(value, scope, exprFunctions, pointer, problems, depth, fillComputed);
}

/** Text for display: null/undefined become '', objects are not dumped into the UI. */
export function toDisplayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}
