/**
 * Layout strings parsed from their source: the tokenizer and parser behind every template the
 * server compiles (server/layouts/compiled.ts), `npm run validate`, the studio and the tests.
 * Importing this module installs the parser for strings missing from the template cache; the
 * borrower's bundle never imports it (it gets every binding compiled), so the parser is not in it
 * (tests/scripts/borrowerBundle.test.ts).
 */
import type { Node } from './ast';
import { SourceCache } from './cache';
import { toLocated, withPointer, type EvalResult } from './errors';
import { createContext, evaluateNode, type ExprFunctions, type Scope } from './evaluate';
import { parseExpression } from './parser';
import { scanTemplate } from './scan';
import {
  hasBindings,
  literalTemplate,
  parsedTemplate,
  setSourceParser,
  type Cached,
  type Template,
  type TemplateParse,
  type TemplatePart,
} from './template';

function buildTemplate(source: string): Cached<Template> {
  if (!hasBindings(source)) return { ok: true, value: literalTemplate(source) };
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

/** Puts the parser back (after a test that rendered without it). */
export function installSourceParser(): void {
  setSourceParser(buildTemplate);
}

installSourceParser();

/** Parses (or fetches from the cache) a layout string. Never throws. */
export function parseTemplate(source: string, pointer = ''): TemplateParse {
  // From the cache (parsed before, or compiled and taken in), else parsed here.
  return parsedTemplate(source, pointer, buildTemplate);
}

const expressions = new SourceCache<Cached<Node>>();

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
