import { describe, expect, it } from 'vitest';
import {
  baseFunctions,
  evaluateExpression,
  evaluateTemplate,
  type EvalResult,
} from '../../src/expr';
import { expectationOf, loadCases, sourceOf, type ExprCase } from './cases';

const cases = loadCases();
const POINTER = '/screens/0/children/3/text';

function run(c: ExprCase): EvalResult {
  const scope = c.scope ?? {};
  return c.template !== undefined
    ? evaluateTemplate(c.template, scope, baseFunctions, POINTER)
    : evaluateExpression(c.expr ?? '', scope, baseFunctions, POINTER);
}

function check(c: ExprCase, result: EvalResult): void {
  const e = expectationOf(c);
  if (e.kind === 'error') {
    expect(result.ok, `expected an error, got ${JSON.stringify(result)}`).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain(e.text);
    expect(result.error.pointer).toBe(POINTER);
    // Every located message names its position, so an author can find the character.
    if (result.error.position !== undefined)
      expect(result.error.message).toMatch(new RegExp(` at ${result.error.position}$`));
    return;
  }
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  if (!result.ok) return;
  if (e.kind === 'undefined') expect(result.value).toBeUndefined();
  else if (e.kind === 'nan') expect(result.value).toBeNaN();
  else expect(result.value).toEqual(e.value);
}

describe('shared expression cases (tests/fixtures/expr-cases.json)', () => {
  it('has unique names and one source per case', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const c of cases)
      expect([c.expr, c.template].filter((s) => s !== undefined)).toHaveLength(1);
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  it.each(cases.map((c) => [`${c.group}: ${c.name}`, c] as const))('%s', (_label, c) => {
    check(c, run(c));
  });

  // The same expression in a single binding must give the same value (errors differ in position).
  it.each(
    cases
      .filter((c) => c.expr !== undefined && expectationOf(c).kind !== 'error')
      .map((c) => [c.name, c] as const),
  )('as a single binding: %s', (_label, c) => {
    check(c, evaluateTemplate(sourceOf(c), c.scope ?? {}, baseFunctions, POINTER));
  });
});
