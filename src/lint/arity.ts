/**
 * How many arguments each expression function takes (docs/expressions.md, "Functions"). The
 * evaluator fills a missing argument with undefined and ignores extra ones, so `round(x 2)`
 * written as `round(x)` or `default(x)` would pass silently: the linter checks the count.
 * tests/unit/lintRules.test.ts fails when a function of src/runtime/exprFunctions.ts is missing here.
 */
export const FUNCTION_ARITY: Readonly<Record<string, readonly [min: number, max: number]>> = {
  len: [1, 1],
  sum: [1, 2],
  join: [1, 2],
  upper: [1, 1],
  lower: [1, 1],
  trim: [1, 1],
  digits: [1, 1],
  contains: [2, 2],
  first: [1, 1],
  last: [1, 1],
  filter: [3, 3],
  find: [3, 3],
  map: [2, 2],
  count: [1, 3],
  default: [2, 2],
  not: [1, 1],
  number: [1, 1],
  string: [1, 1],
  round: [1, 2],
  min: [1, Infinity],
  max: [1, Infinity],
  abs: [1, 1],
  slice: [2, 3],
  isEmpty: [1, 1],
  filterIn: [3, 3],
  toObject: [2, 3],
  merge: [1, Infinity],
  pick: [2, 2],
  omit: [2, 2],
  entries: [1, 1],
  keys: [1, 1],
  money: [1, 1],
  date: [1, 1],
  datetime: [1, 1],
  currency: [1, 1],
  cents: [1, 1],
  t: [1, 2],
};

/** "1", "1 or 2", "2 to 3", "at least 1": the allowed counts as a borrower of the docs reads them. */
export function arityText([min, max]: readonly [number, number]): string {
  if (min === max) return String(min);
  if (max === Infinity) return `at least ${min}`;
  return max === min + 1 ? `${min} or ${max}` : `${min} to ${max}`;
}
