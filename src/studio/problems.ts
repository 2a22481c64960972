/**
 * A problem as the studio shows it: line:column, the node in the operator's words and a fix
 * (server/layouts/check.ts, src/lint/operatorWords.ts), never a JSON pointer or a character
 * offset.
 */
import type { Issue } from './api';

export function problemText(issue: Issue): string {
  const w = issue.words;
  const where = w.where ? ` ${w.where}:` : '';
  const fix = w.fix ? ` Fix: ${w.fix}.` : '';
  return `${w.line}:${w.column}${where} ${w.message}${fix}`;
}

/** The inline message in the editor (its position is where it is shown). */
export function inlineText(issue: Issue): string {
  const w = issue.words;
  return `${w.where ? `${w.where}: ` : ''}${w.message}${w.fix ? `. Fix: ${w.fix}.` : ''}`;
}
