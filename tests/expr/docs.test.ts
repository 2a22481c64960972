import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseFunctionNames } from '../../src/expr';
import { loadCases, renderCasesMarkdown } from './cases';

/**
 * docs/expressions.md carries a table generated from the shared cases. This test keeps it in
 * sync: it fails when the table is stale, and `KOPA_UPDATE_DOCS=1 npx vitest run tests/expr`
 * rewrites it.
 */
const DOC = resolve(process.cwd(), 'docs/expressions.md');
const BEGIN =
  '<!-- BEGIN GENERATED: tests/fixtures/expr-cases.json (KOPA_UPDATE_DOCS=1 npx vitest run tests/expr) -->';
const END = '<!-- END GENERATED -->';

describe('docs/expressions.md', () => {
  const doc = readFileSync(DOC, 'utf8');

  it('holds the examples generated from the shared cases', () => {
    const start = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    expect(start, 'generated section markers').toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    const expected = `${BEGIN}\n${renderCasesMarkdown(loadCases())}${END}`;
    const actual = doc.slice(start, end + END.length);
    if (actual !== expected && process.env.KOPA_UPDATE_DOCS === '1') {
      writeFileSync(DOC, doc.slice(0, start) + expected + doc.slice(end + END.length));
      return;
    }
    expect(actual).toBe(expected);
  });

  it('documents every base function', () => {
    for (const name of baseFunctionNames) expect(doc, name).toContain(`\`${name}(`);
  });
});
