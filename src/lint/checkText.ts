/**
 * The one check a layout text passes before it can be published (studio, import, rollback), and
 * the check the studio runs in its Web Worker while an operator types: JSON, then
 * validateLayoutDocument (depth and size limits, duplicate keys, the strict schema and every lint
 * rule), each issue with its file, JSON pointer and line:column, as `npm run validate` prints
 * them, and in the operator's words (the node, a fix: operatorWords.ts). Never throws: a check
 * that trips is an issue too, so publishing can never 500.
 */
import type { FragmentFiles, LayoutIssue } from '@kopa/contract';
import { positionOf, scanJsonText } from './jsonText';
import { locateJsonError } from './jsonSyntax';
import { LAYOUT_MESSAGES } from './messages';
import { inOperatorTerms, type OperatorIssue } from './operatorWords';
import { validateLayoutSafely } from './validateLayout';

export interface LocatedIssue extends LayoutIssue {
  line: number;
  column: number;
  /**
   * The same issue in the operator's words, as the studio shows it: the node ("Pay Now button, id
   * payNow, in the pay bar"), a fix, the message without pointers or offsets, and the exact
   * line:column (an expression's character, not its value's start). The fields above stay as
   * `npm run validate` prints them.
   */
  words: OperatorIssue;
}

/**
 * The errors (warnings are left to `npm run validate`) of layout `name` written as `text`, its
 * uses expanded with `fragments` (default: the repository's layouts/_fragments).
 */
export function checkLayoutText(
  name: string,
  text: string,
  fragments?: FragmentFiles,
): LocatedIssue[] {
  const file = `layouts/${name}.json`;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const { detail, line, column } = locateJsonError(text, e instanceof Error ? e.message : '');
    const placed = {
      file,
      pointer: '',
      code: 'not-json',
      message: LAYOUT_MESSAGES['not-json'](detail),
      severity: 'error' as const,
      line,
      column,
    };
    return [{ ...placed, words: inOperatorTerms(placed, null) }];
  }
  const issues = validateLayoutSafely(doc, file, text, fragments ? { fragments } : {}).filter(
    (i) => i.severity === 'error',
  );
  if (issues.length === 0) return [];
  const map = scanJsonText(text);
  return issues.map((issue) => {
    const placed = { ...issue, ...positionOf(map, issue.pointer) };
    return { ...placed, words: inOperatorTerms(placed, doc, text) };
  });
}
