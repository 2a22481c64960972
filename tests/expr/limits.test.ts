import { describe, expect, it } from 'vitest';
import {
  analyzeTemplate,
  baseFunctions,
  evaluateExpression,
  evaluateTemplate,
  LIMITS,
  type EvalResult,
} from '../../src/expr';

const P = '/body/9/text';

/**
 * `fn` must return (not throw) an error naming the limit that stopped it: the message says which
 * bound ended the work, so the test needs no stopwatch (a timed assertion failed on a busy
 * machine; speed has its budgets in the benches). A limit that stopped working shows as another
 * message, a thrown RangeError, or the test's own timeout.
 */
function expectBoundedError(fn: () => EvalResult, message: RegExp): void {
  const result = fn();
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.message).toMatch(message);
    expect(result.error.pointer).toBe(P);
  }
}

describe('SECURITY case 6: pathological expressions give a bounded error', () => {
  const nested = (open: string, close: string, n: number, inner = '1'): string =>
    open.repeat(n) + inner + close.repeat(n);

  it('10,000 nested brackets', () => {
    for (const [o, c] of [
      ['(', ')'],
      ['[', ']'],
      ['{a:', '}'],
    ] as const) {
      const src = nested(o, c, 10_000);
      expectBoundedError(
        () => evaluateExpression(src, {}, baseFunctions, P),
        /longer than 10000 characters/,
      );
      expectBoundedError(
        () => evaluateTemplate(`{{${src}}}`, {}, baseFunctions, P),
        /longer than 10000 characters/,
      );
    }
  });

  it('deep nesting within the length limit stops at the nesting limit, not the stack', () => {
    for (const src of [
      nested('(', ')', 4_000),
      nested('[', ']', 4_000),
      nested('{a:', '}', 2_000),
      '!'.repeat(9_000) + '1',
      '-'.repeat(9_000) + '1',
      'a?'.repeat(2_000) + '1' + ':1'.repeat(2_000),
      nested('len(', ')', 1_500, 'x'),
    ]) {
      expectBoundedError(() => evaluateExpression(src, {}, baseFunctions, P), /nested too deeply/);
    }
    // The limit itself is fine.
    expect(evaluateExpression(nested('(', ')', LIMITS.maxNesting), {}, baseFunctions, P)).toEqual({
      ok: true,
      value: 1,
    });
    expect(
      evaluateExpression(nested('[', ']', LIMITS.maxNesting + 1), {}, baseFunctions, P),
    ).toMatchObject({ ok: false });
  });

  it('long flat chains stop at the tree-height limit', () => {
    expectBoundedError(
      () => evaluateExpression(`1${'+1'.repeat(4_000)}`, {}, baseFunctions, P),
      /too complex/,
    );
    expect(evaluateExpression(`1${'+1'.repeat(200)}`, {}, baseFunctions, P)).toEqual({
      ok: true,
      value: 201,
    });
    // Member chains are flat lists, so a long one is neither deep nor slow.
    expect(evaluateExpression(`a${'?.a'.repeat(3_000)}`, { a: 1 }, baseFunctions, P)).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('a 1 MB expression and a 1 MB template', () => {
    const big = `1${'+1'.repeat(500_000)}`;
    expectBoundedError(
      () => evaluateExpression(big, {}, baseFunctions, P),
      /longer than 10000 characters/,
    );
    expectBoundedError(
      () => evaluateTemplate(`{{ ${big} }}`, {}, baseFunctions, P),
      /longer than 10000 characters/,
    );
    expectBoundedError(
      () => evaluateTemplate(`{{ '${'x'.repeat(1_000_000)}`, {}, baseFunctions, P),
      /Missing "}}"/,
    );
    const analysis = analyzeTemplate(`{{ ${big} }} {{ a.b }}`);
    expect(analysis.errors).toHaveLength(1);
    expect(analysis.errors[0]?.message).toMatch(/longer than 10000 characters/);
    expect(analysis.paths).toEqual([['a', 'b']]);
  });

  it('a string with too many bindings', () => {
    expectBoundedError(
      () =>
        evaluateTemplate('{{1}}'.repeat(LIMITS.maxBindingsPerTemplate + 1), {}, baseFunctions, P),
      /More than 100 bindings/,
    );
  });

  it('the step budget bounds one evaluation of a string', () => {
    // 100 bindings of ~3,300 nodes each: every binding is legal, together they are too much.
    const binding = `{{[${'1,'.repeat(3_300)}]}}`;
    const result = evaluateTemplate(
      binding.repeat(LIMITS.maxBindingsPerTemplate),
      {},
      baseFunctions,
      P,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/too many steps/) },
    });
  });

  it('strings cannot grow past 1,000,000 characters', () => {
    const scope = { s: 'x'.repeat(600_000), list: ['x'.repeat(600_000), 'y'.repeat(600_000)] };
    expectBoundedError(
      () => evaluateExpression('s + s', scope, baseFunctions, P),
      /longer than 1000000 characters/,
    );
    expectBoundedError(
      () => evaluateTemplate('{{ s }}{{ s }}', scope, baseFunctions, P),
      /longer than 1000000 characters/,
    );
    expectBoundedError(
      () => evaluateExpression('join(list, "")', scope, baseFunctions, P),
      /join\(\) failed: result is longer/,
    );
    expect(evaluateExpression('len(s + "!")', scope, baseFunctions, P)).toEqual({
      ok: true,
      value: 600_001,
    });
  });

  it('built-in functions refuse huge lists', () => {
    const scope = { big: new Array<number>(LIMITS.maxListLength + 1).fill(1) };
    expectBoundedError(
      () => evaluateExpression('sum(big)', scope, baseFunctions, P),
      /sum\(\) failed: list has more than 100000 items/,
    );
    expect(evaluateExpression('len(big)', scope, baseFunctions, P)).toEqual({
      ok: true,
      value: LIMITS.maxListLength + 1,
    });
  });
});
