/**
 * The one equality (src/expr/equality.ts, docs/expressions.md "Equality"): the full table, and
 * that `==`, filter, filterIn, count, contains and the widgets' option matching all follow it.
 */
import { describe, expect, it } from 'vitest';
import { baseFunctions, evaluateExpression, sameValue } from '../../src/expr';
import { sameValue as widgetSameValue } from '../../src/react/widgets/choices';

const values: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['0', 0],
  ['1', 1],
  ['1.5', 1.5],
  ['-0', -0],
  ['NaN', NaN],
  ['""', ''],
  ['"0"', '0'],
  ['"1"', '1'],
  ['"01"', '01'],
  ['"1.0"', '1.0'],
  ['"1.5"', '1.5'],
  ['" 1"', ' 1'],
  ['"true"', 'true'],
  ['true', true],
  ['false', false],
  ['{}', {}],
  ['[]', []],
];

/** The pairs that are equal (both orders); every other pair of distinct entries is not. */
const EQUAL = new Set(['undefined|null', '0|-0', '0|"0"', '-0|"0"', '1|"1"', '1.5|"1.5"']);

function expected(i: number, j: number): boolean {
  const [a, va] = values[i]!;
  const [b] = values[j]!;
  if (i === j) return !(typeof va === 'number' && Number.isNaN(va));
  return EQUAL.has(`${a}|${b}`) || EQUAL.has(`${b}|${a}`);
}

describe('sameValue', () => {
  const pairs = values.flatMap((_, i) => values.map((__, j) => [i, j] as const));
  it.each(pairs.map(([i, j]) => [values[i]![0], values[j]![0], i, j] as const))(
    '%s == %s',
    (_a, _b, i, j) => {
      const want = expected(i, j);
      expect(sameValue(values[i]![1], values[j]![1])).toBe(want);
      // The operator is the function: the same answer from a binding.
      const r = evaluateExpression(
        'a == b',
        { a: values[i]![1], b: values[j]![1] },
        baseFunctions,
        '/x',
      );
      expect(r).toEqual({ ok: true, value: want });
      const n = evaluateExpression(
        'a != b',
        { a: values[i]![1], b: values[j]![1] },
        baseFunctions,
        '/x',
      );
      expect(n).toEqual({ ok: true, value: !want });
    },
  );

  it('is the function the widgets match options with', () => {
    expect(widgetSameValue).toBe(sameValue);
  });

  it('is the equality of filter, filterIn, count and contains', () => {
    const items = [{ t: '1' }, { t: 1 }, { t: '01' }, { t: true }, {}, { t: null }];
    const ev = (src: string) => evaluateExpression(src, { items }, baseFunctions, '/x');
    expect(ev('count(items, "t", 1)')).toEqual({ ok: true, value: 2 });
    expect(ev('len(filter(items, "t", "1"))')).toEqual({ ok: true, value: 2 });
    expect(ev('len(filterIn(items, "t", [1, null]))')).toEqual({ ok: true, value: 4 });
    expect(ev('count(items, "t", true)')).toEqual({ ok: true, value: 1 });
    expect(ev('contains(["1", "2"], 2)')).toEqual({ ok: true, value: true });
    expect(ev('contains([true], "true")')).toEqual({ ok: true, value: false });
  });
});
