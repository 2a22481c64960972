/**
 * Checks layout files as a compiler does: each issue as
 * `file:line:column: /json/pointer: severity code: message` (editors jump to file:line:column;
 * the pointer names the value whatever the formatting). A layout's fragments are the
 * `_fragments` folder beside it, else beside its folder (so layouts/_examples/ uses
 * layouts/_fragments/); a problem inside a fragment is printed at the use site with the
 * fragment's name, pointer and file:line:column. Used by `kopa-lint` and `npm run validate`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadFragmentFiles, type LoadedFragments } from '@kopa/contract/fragmentFiles';
import type { LayoutIssue } from '@kopa/contract';
import { positionOf, scanJsonText, type Position } from './jsonText';
import { LAYOUT_MESSAGES } from './messages';
import { inOperatorTerms } from './operatorWords';
import { validateLayoutSafely } from './validateLayout';
import type { CustomWidgetSchemas } from './customWidgets';

export type LocatedIssue = LayoutIssue & { at: Position; fragmentAt?: string };

/** A checked file: its issues, its text and parsed document when it parsed, its fragments. */
export interface CheckedFile {
  issues: LocatedIssue[];
  parsed?: { doc: unknown; text: string };
  fragments?: LoadedFragments;
}

/** The fragments folder a layout file uses (none: the checker's own default, usually empty). */
function fragmentsFor(path: string): LoadedFragments {
  const dir = [join(dirname(path), '_fragments'), join(dirname(dirname(path)), '_fragments')].find(
    (d) => existsSync(d),
  );
  return loadFragmentFiles(dir);
}

/** file:line:column of a pointer inside a fragment file. */
function fragmentPosition(
  fragments: LoadedFragments,
  name: string,
  pointer: string,
  shown: (path: string) => string,
): string {
  const file = shown(join(fragments.dir, `${name}.json`));
  const text = fragments.texts.get(name);
  if (text === undefined) return file;
  const at = positionOf(scanJsonText(text), pointer);
  return `${file}:${at.line}:${at.column}`;
}

/** Where JSON.parse stopped: Node says "at position N" or "(line L column C)". */
function parseErrorPosition(text: string, message: string): Position {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const offset = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

const fileIssue = (file: string, code: 'not-checked' | 'not-json', message: string, at: Position) =>
  ({ file, pointer: '', code, message, severity: 'error', at }) satisfies LocatedIssue;

/** The issues of one layout file, each with its line:column; a file that is not JSON is one issue too. */
export function checkLayoutFile(
  path: string,
  shown: (path: string) => string,
  widgets?: CustomWidgetSchemas,
): CheckedFile {
  const file = shown(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      issues: [
        fileIssue(file, 'not-checked', LAYOUT_MESSAGES['not-checked'](why), { line: 1, column: 1 }),
      ],
    };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      issues: [
        fileIssue(
          file,
          'not-json',
          LAYOUT_MESSAGES['not-json'](why),
          parseErrorPosition(text, why),
        ),
      ],
    };
  }
  const fragments = fragmentsFor(path);
  // validateLayoutSafely refuses a too-deep or too-large layout before anything recursive sees
  // it; should a check still throw, that is one issue for this file, not a crash of the run.
  const issues = validateLayoutSafely(doc, file, text, { fragments: fragments.files, widgets });
  const map = issues.length > 0 ? scanJsonText(text) : null;
  return {
    parsed: { doc, text },
    fragments,
    issues: issues.map((issue) => ({
      ...issue,
      at: map ? positionOf(map, issue.pointer) : { line: 1, column: 1 },
      ...(issue.fragment
        ? {
            fragmentAt: fragmentPosition(
              fragments,
              issue.fragment.name,
              issue.fragment.pointer,
              shown,
            ),
          }
        : {}),
    })),
  };
}

/** One issue as a line of output. */
export function issueLine(issue: LocatedIssue): string {
  const inFragment = issue.fragment
    ? ` (fragment ${issue.fragment.name} ${issue.fragment.pointer || '/'})`
    : '';
  const fragmentAt = issue.fragmentAt ? ` [${issue.fragmentAt}]` : '';
  return `${issue.file}:${issue.at.line}:${issue.at.column}: ${issue.pointer || '/'}${inFragment}: ${issue.severity} ${issue.code}: ${issue.message}${fragmentAt}`;
}

/**
 * The issue in the operator's words, as a second, indented line under `issueLine`: the node as
 * the studio names it ("the Pay Now button, id payNow, in the pay bar") and the suggested fix;
 * null when the checker knows neither.
 */
export function operatorNoteLine(
  issue: LocatedIssue,
  parsed?: CheckedFile['parsed'],
): string | null {
  const words = inOperatorTerms(
    { ...issue, line: issue.at.line, column: issue.at.column },
    parsed?.doc ?? null,
    parsed?.text,
  );
  const parts = [words.where && `in words: ${words.where}`, words.fix && `fix: ${words.fix}`];
  const note = parts.filter(Boolean).join('; ');
  return note ? `    ${note}` : null;
}

/** A fragment file that is not JSON: one error line at the file itself (report each folder once). */
export function brokenFragmentLines(
  fragments: LoadedFragments,
  shown: (path: string) => string,
): string[] {
  return fragments.broken.map(
    (b) =>
      `${shown(join(fragments.dir, `${b.name}.json`))}:1:1: /: error not-json: ${LAYOUT_MESSAGES['not-json'](b.message)}`,
  );
}
