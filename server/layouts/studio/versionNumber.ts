/**
 * A layout version number as the studio takes it: a whole number from 1 to 2^31 - 1 (the
 * database's integer), written as a JSON number or as plain decimal digits (a path segment).
 * Anything else (`abc`, `1e20`, `2147483648`, `1.5`, `-1`) is no version: the caller answers 404 or
 * 400 with a reason instead of handing the database a number it refuses.
 */
export const MAX_VERSION = 2 ** 31 - 1;

export function versionNumber(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_VERSION ? n : null;
}
