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

export type Cached<T> = { ok: true; value: T } | { ok: false; error: LocatedError };

// Errors are cached without a pointer: the same string may sit at many places in a layout.
const templates = new SourceCache<Cached<Template>>();

export function hasBindings(source: string): boolean {
  return typeof source === 'string' && source.includes('{{');
}

/**
 * How a layout string missing from the cache becomes a template. Without a source parser (the
 * borrower's app: its layouts come compiled by the server, every binding already parsed) a
 * binding that was not compiled is an error where it is used, as a broken one is. Node tools, the
 * studio and the tests get the parser with the package's index (templateSource.ts installs it).
 */
let sourceParser: ((source: string) => Cached<Template>) | null = null;

export function setSourceParser(parse: ((source: string) => Cached<Template>) | null): void {
  sourceParser = parse;
}

const NOT_COMPILED: Cached<Template> = {
  ok: false,
  error: { message: 'This binding did not come compiled with its layout' },
};

export function literalTemplate(source: string): Template {
  return { source, kind: 'literal', parts: [{ kind: 'text', text: source }] };
}

/** The template of a layout string: the cache (compiled or parsed before), else the source parser. */
export function templateOf(
  source: string,
  parse: ((source: string) => Cached<Template>) | null = sourceParser,
): Cached<Template> {
  // Literal text is cheap to wrap; keeping it out of the cache leaves the room for bindings.
  if (!hasBindings(source)) return { ok: true, value: literalTemplate(source) };
  const hit = templates.get(source);
  if (hit !== undefined) return hit;
  if (parse === null) return NOT_COMPILED;
  const result = parse(source);
  templates.set(source, result);
  return result;
}

/** Empties the template cache: what a fresh page starts with (tests that compare compiled and source renders). */
export function forgetTemplates(): void {
  templates.clear();
}

/** The template of a layout string with the caller's pointer on its error. Never throws. */
export function parsedTemplate(
  source: string,
  pointer = '',
  parse: ((source: string) => Cached<Template>) | null = sourceParser,
): TemplateParse {
  const parsed = templateOf(source, parse);
  return parsed.ok
    ? { ok: true, template: parsed.value }
    : { ok: false, error: withPointer(parsed.error, pointer) };
}

/**
 * Templates parsed before they reached the phone: the server compiles each layout with this
 * package's parser (src/lint/compile/compileLayout.ts) and the app takes the trees in, so it
 * evaluates and analyses its bindings without a tokenizer or parser of its own. The trees are as
 * trusted as the layout (same origin, same server). An entry not shaped like a parsed template
 * is skipped; that string is then an error where it is used. Returns how many were taken.
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
  const parsed = templateOf(source);
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
