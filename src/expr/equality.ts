/**
 * The one equality of the layout language (docs/expressions.md, "Equality"): `==` and `!=`,
 * filter, filterIn, count(list, field, value), contains, and the widgets that match a value to
 * an option (enum-picker, tab-switch through src/react/widgets/choices.ts) all use this function, so a
 * layout never needs `string(x) == '1'`.
 *
 * Servers send the same fact as 1 or "1" (card types, flags, statuses) and leave optional fields
 * out or send null. The table:
 * - null and undefined are one value, and equal nothing else (not 0, '' or false);
 * - two numbers, two strings, two booleans: `===` (NaN equals nothing);
 * - a number and a string: equal when the string is exactly the number's canonical decimal text
 *   (`String(n)`): 1 == "1", 1.5 == "1.5", but "01", "1.0", " 1", "1e0" and "" are not 1;
 * - a boolean equals only a boolean (true != "true", true != 1): a flag is never a number;
 * - objects and arrays: only the same object (they are never compared by content).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return !(typeof a === 'number' && Number.isNaN(a));
  if (a === null || a === undefined) return b === null || b === undefined;
  if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'number') return a === String(b);
  return false;
}
