/**
 * Evaluating a layout value's bindings, shared by the browser's runtime (src/runtime/resolve.ts,
 * which adds the expression functions and the page's computed values) and the server's early plan
 * (server/page/earlyPlan.ts, which resolves query-only parameters with no functions): the same
 * code on both sides, so a planned request is the request the app would build.
 */
import { evaluateTemplate, hasBindings, type ExprFunctions } from '@kopa/expr';
import { isForbiddenKey } from '@kopa/expr';
import { MAX_LAYOUT_DEPTH } from '../schema/layoutLimits';
import { escapePointer } from '../schema/pointer';

export interface ResolveProblem {
  pointer: string;
  message: string;
}

/** Called with each template before it is evaluated (the runtime fills the computed values it reads). */
export type BeforeEvaluate = (source: string, scope: Readonly<Record<string, unknown>>) => void;

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
    : Object.keys(value).every(
        (k) => !isForbiddenKey(k) && isStatic((value as Record<string, unknown>)[k], depth + 1),
      );
  staticCache.set(value, result);
  return result;
}

/**
 * Beyond this many levels below where it started, resolveWith stops with a problem instead of
 * recursing on. Layouts are refused deeper than MAX_LAYOUT_DEPTH (src/contract/schema/layoutLimits.ts)
 * before they reach the renderer, so only a value that bypassed that check can get here.
 */
const MAX_RESOLVE_DEPTH = MAX_LAYOUT_DEPTH;

/**
 * Evaluates every binding in a layout value: strings are templates, arrays and objects are
 * walked (own keys only; keys that could reach a prototype are dropped), the rest is literal.
 * Problems are collected, never thrown, so one bad binding cannot blank a page.
 */
export function resolveWith(
  value: unknown,
  scope: Readonly<Record<string, unknown>>,
  fns: ExprFunctions,
  pointer: string,
  problems: ResolveProblem[],
  depth = 0,
  before?: BeforeEvaluate,
): unknown {
  if (typeof value === 'string') {
    if (!hasBindings(value)) return value;
    before?.(value, scope);
    const result = evaluateTemplate(value, scope, fns, pointer);
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
  if (Array.isArray(value))
    return value.map((v, i) =>
      resolveWith(v, scope, fns, `${pointer}/${i}`, problems, depth + 1, before),
    );
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (isForbiddenKey(key)) continue;
      out[key] = resolveWith(
        (value as Record<string, unknown>)[key],
        scope,
        fns,
        `${pointer}/${escapePointer(key)}`,
        problems,
        depth + 1,
        before,
      );
    }
    return out;
  }
  return value;
}
