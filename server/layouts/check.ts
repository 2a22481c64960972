/**
 * The one check a layout text passes before it can be published (studio, import, rollback):
 * JSON, then validateLayoutDocument (depth and size limits, duplicate keys, the strict schema and
 * every lint rule), each issue with its file, JSON pointer and line:column, as `npm run validate`
 * prints them. Never throws: a check that trips is an issue too, so publishing can never 500.
 */
import { positionOf, scanJsonText } from '@kopa/lint';
import { LAYOUT_MESSAGES } from '@kopa/lint';
import type { FragmentFiles } from '@kopa/contract';
import type { LayoutIssue } from '@kopa/contract';
import { validateLayoutSafely } from '@kopa/lint';

export interface LocatedIssue extends LayoutIssue {
  line: number;
  column: number;
}

/** Where JSON.parse stopped: Node says "at position N" or "(line L column C)". */
function parseErrorPosition(text: string, message: string): { line: number; column: number } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const offset = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
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
    const message = e instanceof Error ? e.message : String(e);
    return [
      {
        file,
        pointer: '',
        code: 'not-json',
        message: LAYOUT_MESSAGES['not-json'](message),
        severity: 'error',
        ...parseErrorPosition(text, message),
      },
    ];
  }
  const issues = validateLayoutSafely(doc, file, text, fragments ? { fragments } : {}).filter(
    (i) => i.severity === 'error',
  );
  if (issues.length === 0) return [];
  const map = scanJsonText(text);
  return issues.map((issue) => ({ ...issue, ...positionOf(map, issue.pointer) }));
}
