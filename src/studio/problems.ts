/**
 * A problem as the studio shows it: line:column, the node in the operator's words and a fix
 * (server/layouts/check.ts, src/lint/operatorWords.ts), never a JSON pointer or a character
 * offset. And the preview of a draft that is not JSON: its problems, where a borrower's page would
 * only say it could not be read.
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

/** Shown in place of the phone preview while the draft is not JSON; null when it is. */
export function notJsonPreview(issues: readonly Issue[]): HTMLElement | null {
  const broken = issues.filter((i) => i.code === 'not-json');
  if (broken.length === 0) return null;
  const box = document.createElement('div');
  box.className = 's-notjson';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', 'Preview');
  const head = document.createElement('p');
  head.textContent =
    'The draft is not valid JSON, so there is no screen to preview. Fix this first:';
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'Why there is no preview');
  for (const i of broken) {
    const li = document.createElement('li');
    li.textContent = problemText(i);
    list.append(li);
  }
  box.append(head, list);
  return box;
}
