import { evaluateTemplate, hasBindings } from '../expr';
import { MAX_LAYOUT_DEPTH } from '../schema/layoutLimits';
import { exprFunctions } from './exprFunctions';
import { escapePointer } from './pointer';

export interface ResolveProblem {
  pointer: string;
  message: string;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A scope's `computed` object -> fills in the computed values a layout string reads before it is
 * evaluated (src/runtime/computed.ts registers it; kept here so this file imports nothing of that one).
 */
const computedFillers = new WeakMap<object, (source: string) => void>();

export function registerComputed(computed: object, fill: (source: string) => void): void {
  computedFillers.set(computed, fill);
}

/** Layout objects and arrays that hold no binding and no forbidden key, so they are their own value. */
const staticCache = new WeakMap<object, boolean>();

export function isStatic(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !hasBindings(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth > 100) return false;
  const known = staticCache.get(value);
  if (known !== undefined) return known;
  const result = Array.isArray(value)
    ? value.every((v) => isStatic(v, depth + 1))
    : Object.keys(value).every((k) => !FORBIDDEN_KEYS.has(k) && isStatic((value as Record<string, unknown>)[k], depth + 1));
  staticCache.set(value, result);
  return result;
}

/**
 * Beyond this many levels below where it started, resolveValue stops with a problem instead of
 * recursing on. Layouts are refused deeper than MAX_LAYOUT_DEPTH (src/schema/layoutLimits.ts)
 * before they reach the renderer, so only a value that bypassed that check can get here.
 */
const MAX_RESOLVE_DEPTH = MAX_LAYOUT_DEPTH;

/**
 * Evaluates every binding in a layout value: strings are templates, arrays and objects are
 * walked (own keys only; keys that could reach a prototype are dropped), the rest is literal.
 * Problems are collected, never thrown, so one bad binding cannot blank a page.
 */
export function resolveValue(
  value: unknown,
  scope: Readonly<Record<string, unknown>>,
  pointer: string,
  problems: ResolveProblem[],
  depth = 0,
): unknown {
  if (typeof value === 'string') {
    if (!hasBindings(value)) return value;
    const computed = scope.computed;
    if (computed !== null && typeof computed === 'object') computedFillers.get(computed)?.(value);
    const result = evaluateTemplate(value, scope, exprFunctions, pointer);
    if (result.ok) return result.value;
    problems.push({ pointer: result.error.pointer || pointer, message: result.error.message });
    return undefined;
  }
  // A value with nothing to evaluate is returned as it is: the same reference on every render,
  // so a widget bound to it does not re-render when unrelated state changes.
  if (isStatic(value)) return value;
  if (value !== null && typeof value === 'object' && depth >= MAX_RESOLVE_DEPTH) {
    problems.push({ pointer, message: `value nests deeper than ${MAX_RESOLVE_DEPTH} levels` });
    return undefined;
  }
  if (Array.isArray(value)) return value.map((v, i) => resolveValue(v, scope, `${pointer}/${i}`, problems, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      out[key] = resolveValue((value as Record<string, unknown>)[key], scope, `${pointer}/${escapePointer(key)}`, problems, depth + 1);
    }
    return out;
  }
  return value;
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
