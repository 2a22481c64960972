import { describe, expect, it } from 'vitest';
import { analyzeTemplate } from '../../src/expr';

describe('analyzeTemplate (for the layout linter)', () => {
  it('lists the member paths read from the scope', () => {
    expect(analyzeTemplate('{{ data.plan.repayPlanDetail.repayWaitDetail }}').paths).toEqual([
      ['data', 'plan', 'repayPlanDetail', 'repayWaitDetail'],
    ]);
  });

  it('ends a path at a computed member and analyses the key expression', () => {
    const a = analyzeTemplate('{{ data.plan[state.i].y }}');
    expect(a.paths).toEqual([
      ['data', 'plan'],
      ['state', 'i'],
    ]);
  });

  it('follows optional chaining and collects function names', () => {
    const a = analyzeTemplate(
      'Due {{ money(data.order?.amount) }} on {{ date(data.order?.dueAt) }}, {{ money(x) }}',
    );
    expect(a.paths).toEqual([['data', 'order', 'amount'], ['data', 'order', 'dueAt'], ['x']]);
    expect(a.functions).toEqual(['money', 'date']);
    expect(a.errors).toEqual([]);
  });

  it('looks inside every kind of expression and de-duplicates', () => {
    const a = analyzeTemplate(
      '{{ a ? [b.c, {k: -d}] : e ?? (f || a) }} {{ b.c + len(first(g).h) }}',
    );
    expect(a.paths).toEqual([['a'], ['b', 'c'], ['d'], ['e'], ['f'], ['g']]);
    expect(a.functions).toEqual(['len', 'first']);
  });

  it('reports every broken binding and still analyses the good ones', () => {
    const a = analyzeTemplate(
      '{{ a.b }} {{ 1 + }} {{ c.d }} {{ x.__proto__ }} {{ e',
      '/body/0/text',
    );
    expect(a.paths).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(a.errors).toEqual([
      { message: 'Unexpected end of expression at 17', pointer: '/body/0/text', position: 17 },
      {
        message: 'Property "__proto__" is not accessible at 35',
        pointer: '/body/0/text',
        position: 35,
      },
      { message: 'Missing "}}" to close the binding at 48', pointer: '/body/0/text', position: 48 },
    ]);
  });

  it('finds nothing in a literal', () => {
    expect(analyzeTemplate('Apply now')).toEqual({ errors: [], paths: [], functions: [] });
  });
});
