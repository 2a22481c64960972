import type { Node } from './ast';
import { SourceCache } from './cache';
import {
  toLocated,
  withPointer,
  type EvalResult,
  type ExprError,
  type LocatedError,
} from './errors';
import {
  createContext,
  evaluateNode,
  type EvalContext,
  type ExprFunctions,
  type Scope,
} from './evaluate';
import { LIMITS } from './limits';
import { checkString } from './operators';
import { parseExpression } from './parser';
import { scanTemplate } from './scan';

export type TemplatePart =
  | { kind: 'text'; text: string }
  | {
      kind: 'binding';
      /** expression text */ source: string;
      /** offset of `source` in the layout string */ start: number;
      ast: Node;
    };

/**
 * A parsed layout string. `literal`: no bindings, the value is the string itself. `single`: one
 * binding and only whitespace around it, the value is the binding's raw value. `mixed`: text and
 * bindings, the value is a string.
 */
export interface Template {
  readonly source: string;
  readonly kind: 'literal' | 'single' | 'mixed';
  readonly parts: readonly TemplatePart[];
}

export type TemplateParse = { ok: true; template: Template } | { ok: false; error: ExprError };

type Cached<T> = { ok: true; value: T } | { ok: false; error: LocatedError };

// Errors are cached without a pointer: the same string may sit at many places in a layout.
const templates = new SourceCache<Cached<Template>>();
const expressions = new SourceCache<Cached<Node>>();

export function hasBindings(source: string): boolean {
  return typeof source === 'string' && source.includes('{{');
}

/** Parses (or fetches from the cache) a layout string. Never throws. */
export function parseTemplate(source: string, pointer = ''): TemplateParse {
  const parsed = parseTemplateCached(source);
  return parsed.ok
    ? { ok: true, template: parsed.value }
    : { ok: false, error: withPointer(parsed.error, pointer) };
}

function parseTemplateCached(source: string): Cached<Template> {
  // Literal text is cheap to wrap; keeping it out of the cache leaves the room for bindings.
  if (!hasBindings(source)) return buildTemplate(source);
  const hit = templates.get(source);
  if (hit !== undefined) return hit;
  const result = buildTemplate(source);
  templates.set(source, result);
  return result;
}

function buildTemplate(source: string): Cached<Template> {
  if (!hasBindings(source)) {
    return {
      ok: true,
      value: { source, kind: 'literal', parts: [{ kind: 'text', text: source }] },
    };
  }
  try {
    const scan = scanTemplate(source);
    if (scan.error !== undefined) return { ok: false, error: scan.error };
    const parts: TemplatePart[] = scan.parts.map((p) => {
      if (p.kind === 'text') return p;
      const text = source.slice(p.start, p.end);
      return { kind: 'binding', source: text, start: p.start, ast: parseExpression(text, p.start) };
    });
    const bindings = parts.filter((p) => p.kind === 'binding').length;
    const onlySpace = parts.every((p) => p.kind === 'binding' || p.text.trim() === '');
    const kind = bindings === 1 && onlySpace ? 'single' : 'mixed';
    return { ok: true, value: { source, kind, parts } };
  } catch (e) {
    return { ok: false, error: toLocated(e) };
  }
}

/**
 * Templates parsed before they reached the phone: the server parses the first screen's layout
 * strings with this same code (server/page/screenBindings.ts) and the page carries the results, so
 * the first screen evaluates and analyses its bindings without tokenizing and parsing each one
 *. Only for a layout the server vouches for (its stamp, src/contract/schema/layoutChecked.ts):
 * the trees are as trusted as the layout. An entry not shaped like a parsed template is skipped;
 * that string is parsed when first used. Returns how many were taken.
 */
export function adoptParsedTemplates(parsed: unknown): number {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 0;
  let taken = 0;
  for (const [source, value] of Object.entries(parsed)) {
    const t = value as Partial<Template> | null;
    if (!hasBindings(source) || t === null || typeof t !== 'object' || t.source !== source)
      continue;
    if ((t.kind !== 'single' && t.kind !== 'mixed') || !Array.isArray(t.parts)) continue;
    if (
      !t.parts.every(
        (p) =>
          (p.kind === 'text' && typeof p.text === 'string') ||
          (p.kind === 'binding' && p.ast !== null && typeof p.ast === 'object'),
      )
    )
      continue;
    templates.set(source, { ok: true, value: t as Template });
    taken++;
  }
  return taken;
}

/** Evaluates a layout string: raw value for a single binding, a string for mixed text. Never throws. */
export function evaluateTemplate(
  source: string,
  scope: Scope,
  fns: ExprFunctions,
  pointer: string,
): EvalResult {
  // Untyped callers may hand over a number or an object from the layout: it is its own value.
  if (typeof source !== 'string') return { ok: true, value: source };
  const parsed = parseTemplateCached(source);
  if (!parsed.ok) return { ok: false, error: withPointer(parsed.error, pointer) };
  return evaluateParsed(parsed.value, scope, fns, pointer);
}

/** Evaluates an already parsed template, for callers that keep the Template of a node. */
export function evaluateParsed(
  template: Template,
  scope: Scope,
  fns: ExprFunctions,
  pointer: string,
): EvalResult {
  if (template.kind === 'literal') return { ok: true, value: template.source };
  const ctx = createContext(scope, fns);
  try {
    if (template.kind === 'single') {
      const binding = template.parts.find((p) => p.kind === 'binding');
      return {
        ok: true,
        value: binding === undefined ? undefined : evaluateNode(binding.ast, ctx),
      };
    }
    return { ok: true, value: evaluateMixed(template, ctx) };
  } catch (e) {
    return { ok: false, error: withPointer(toLocated(e), pointer) };
  }
}

function evaluateMixed(template: Template, ctx: EvalContext): string {
  let out = '';
  for (const part of template.parts) {
    out += part.kind === 'text' ? part.text : toText(evaluateNode(part.ast, ctx));
    if (out.length > LIMITS.maxStringLength)
      checkString(out, part.kind === 'binding' ? part.start : 0);
  }
  return out;
}

/** How a value shows inside text: objects, arrays, null and undefined show as nothing. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return '';
}

/** Evaluates one expression given without braces (e.g. a `visible` condition). Never throws. */
export function evaluateExpression(
  expr: string,
  scope: Scope,
  fns: ExprFunctions,
  pointer: string,
): EvalResult {
  if (typeof expr !== 'string')
    return { ok: false, error: { message: 'Expression must be a string', pointer } };
  let parsed = expressions.get(expr);
  if (parsed === undefined) {
    try {
      parsed = { ok: true, value: parseExpression(expr) };
    } catch (e) {
      parsed = { ok: false, error: toLocated(e) };
    }
    expressions.set(expr, parsed);
  }
  if (!parsed.ok) return { ok: false, error: withPointer(parsed.error, pointer) };
  try {
    return { ok: true, value: evaluateNode(parsed.value, createContext(scope, fns)) };
  } catch (e) {
    return { ok: false, error: withPointer(toLocated(e), pointer) };
  }
}
