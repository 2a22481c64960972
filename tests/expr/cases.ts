import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The shared expression cases (tests/fixtures/expr-cases.json): one list drives the unit tests
 * and the examples table in docs/expressions.md. Read with JSON.parse rather than imported,
 * because a bundler turns JSON into an object literal, where a `"__proto__"` key would set the
 * prototype instead of being data.
 *
 * `expect` is the value; `{"error": "..."}` expects an error value whose message contains the
 * text; `{"$undefined": true}` and `{"$nan": true}` stand for values JSON cannot hold.
 */
export interface ExprCase {
  group: string;
  name: string;
  expr?: string;
  template?: string;
  scope?: Record<string, unknown>;
  expect: unknown;
}

// Relative to the project root (vitest's working directory): under jsdom, import.meta.url is not a file URL.
export const FIXTURE_PATH = resolve(process.cwd(), 'tests/fixtures/expr-cases.json');

export function loadCases(): ExprCase[] {
  const raw: unknown = JSON.parse(readFileSync(FIXTURE_PATH, 'utf8'));
  if (!Array.isArray(raw)) throw new Error('expr-cases.json must hold an array');
  return raw as ExprCase[];
}

export type Expectation =
  | { kind: 'value'; value: unknown }
  | { kind: 'undefined' }
  | { kind: 'nan' }
  | { kind: 'error'; text: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function expectationOf(c: ExprCase): Expectation {
  const e = c.expect;
  if (isRecord(e) && Object.keys(e).length === 1) {
    if (typeof e.error === 'string') return { kind: 'error', text: e.error };
    if (e.$undefined === true) return { kind: 'undefined' };
    if (e.$nan === true) return { kind: 'nan' };
  }
  return { kind: 'value', value: e };
}

export function sourceOf(c: ExprCase): string {
  const s = c.template ?? (c.expr === undefined ? undefined : `{{ ${c.expr} }}`);
  if (s === undefined) throw new Error(`case "${c.name}" has neither expr nor template`);
  return s;
}

// Inside a table cell a pipe ends the cell even within code, so it is escaped.
const cell = (text: string): string =>
  '`` ' + text.replace(/\|/g, '\\|').replace(/\n/g, '\\n') + ' ``';

function describeExpectation(c: ExprCase): string {
  const e = expectationOf(c);
  if (e.kind === 'error') return `error: ${cell(e.text)}`;
  if (e.kind === 'undefined') return cell('undefined');
  if (e.kind === 'nan') return cell('NaN');
  return cell(JSON.stringify(e.value));
}

/** The generated examples section of docs/expressions.md. */
export function renderCasesMarkdown(cases: readonly ExprCase[]): string {
  const lines: string[] = [];
  let group = '';
  for (const c of cases) {
    if (c.group !== group) {
      group = c.group;
      lines.push(
        '',
        `### ${group}`,
        '',
        '| Case | Source | Scope | Result |',
        '| --- | --- | --- | --- |',
      );
    }
    const source = c.template !== undefined ? cell(c.template) : cell(c.expr ?? '');
    const scope =
      c.scope === undefined || Object.keys(c.scope).length === 0
        ? ''
        : cell(JSON.stringify(c.scope));
    lines.push(`| ${c.name} | ${source} | ${scope} | ${describeExpectation(c)} |`);
  }
  return lines.join('\n').trimStart() + '\n';
}
