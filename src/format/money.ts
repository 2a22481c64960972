/**
 * Money display (contract section 3 "Amounts"): integer minor units on the wire, shown as
 * value/100 with 2 decimals, `.` between thousands and `,` before the decimals.
 * Done with integer arithmetic on the cents so that no float rounding shows up in the cents.
 */

const NUMERIC_TEXT = /^[+-]?\d+(\.\d+)?$/;

/** Cents as a whole number, or null when the input is not a number we should show. */
function toCents(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) n = Number(value.trim());
  else return null;
  if (!Number.isFinite(n)) return null;
  // Fractions of a cent cannot be paid; round half away from zero like a cashier would.
  return Math.sign(n) * Math.round(Math.abs(n));
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** `1234567` -> `12.345,67`; `0` -> `0,00`; `-1234` -> `-12,34`; not a number -> `''`. */
export function formatMoney(cents: number | string | null | undefined): string {
  const c = toCents(cents);
  if (c === null) return '';
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  // `-0` and amounts that round to zero carry no sign.
  const sign = c < 0 ? '-' : '';
  return `${sign}${groupThousands(String(whole))},${String(frac).padStart(2, '0')}`;
}
