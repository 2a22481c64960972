import { toLocated, withPointer, type ExprError } from './errors';
import { parseExpression } from './parser';
import { scanTemplate } from './scan';
import { collectReads as collect } from './reads';
import { parseTemplate } from './templateSource';

export interface TemplateAnalysis {
  /** Every problem found, one per broken binding (scanning stops at an unclosed `{{`). */
  errors: ExprError[];
  /** Member paths read from the scope, e.g. ['data', 'plan', 'amountMax']; unique, in order. */
  paths: string[][];
  /** Names of the functions called; unique, in order. */
  functions: string[];
}

/**
 * What the layout linter needs from one layout string: its errors, the scope paths it reads
 * (to check them against the data source's response schema) and the functions it calls (to
 * check them against the function list). A computed member ends a path: `data.plan[x].y`
 * reads ['data', 'plan'] (and whatever `x` reads).
 */
export function analyzeTemplate(source: string, pointer = ''): TemplateAnalysis {
  const errors: ExprError[] = [];
  const paths = new Map<string, string[]>();
  const functions = new Set<string>();
  if (typeof source !== 'string') return { errors, paths: [], functions: [] };
  // The usual case, a string that parses: its trees come from the parse cache, so a string the
  // page also evaluates (a computed value, a data source's parameter) is parsed once, not once to
  // order the computed values, once to watch them and once to evaluate them (~15 ms of
  // /repay's start on a 4x slower CPU). A broken string is scanned again to find every problem.
  const parsed = parseTemplate(source);
  if (parsed.ok) {
    for (const part of parsed.template.parts)
      if (part.kind === 'binding') collect(part.ast, paths, functions);
    return { errors, paths: [...paths.values()], functions: [...functions] };
  }
  const scan = scanTemplate(source);
  for (const part of scan.parts) {
    if (part.kind === 'text') continue;
    try {
      collect(parseExpression(source.slice(part.start, part.end), part.start), paths, functions);
    } catch (e) {
      errors.push(withPointer(toLocated(e), pointer));
    }
  }
  if (scan.error !== undefined) errors.push(withPointer(scan.error, pointer));
  return { errors, paths: [...paths.values()], functions: [...functions] };
}
