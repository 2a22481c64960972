import { evaluateTemplate, hasBindings } from '../expr';
import { exprFunctions } from './exprFunctions';

export interface ResolveProblem {
  pointer: string;
  message: string;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Evaluates every binding in a layout value: strings are templates, arrays and objects are
 * walked (own keys only; keys that could reach a prototype are dropped), the rest is literal.
 * Problems are collected, never thrown, so one bad binding cannot blank a page.
 */
export function resolveValue(
  value: unknown,
  scope: Record<string, unknown>,
  pointer: string,
  problems: ResolveProblem[],
): unknown {
  if (typeof value === 'string') {
    if (!hasBindings(value)) return value;
    const result = evaluateTemplate(value, scope, exprFunctions, pointer);
    if (result.ok) return result.value;
    problems.push({ pointer: result.error.pointer || pointer, message: result.error.message });
    return undefined;
  }
  if (Array.isArray(value)) return value.map((v, i) => resolveValue(v, scope, `${pointer}/${i}`, problems));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      out[key] = resolveValue((value as Record<string, unknown>)[key], scope, `${pointer}/${escapePointer(key)}`, problems);
    }
    return out;
  }
  return value;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
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
