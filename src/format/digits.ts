/**
 * Input helpers of spec section 5. They take whatever the input holds (pasted text included) and
 * return what the field should show; only ASCII digits survive, so full-width or Arabic-Indic
 * digits never reach an amount or an account number.
 */

export function digitsOnly(s: string | number | null | undefined): string {
  if (s === null || s === undefined) return '';
  return String(s).replace(/[^0-9]/g, '');
}

/** Card number: digits in groups of four separated by spaces (`1234 5678 90`). */
export function groupCardNumber(s: string | null | undefined): string {
  return digitsOnly(s).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Phone: at most 11 digits shown 3-4-4 with spaces (`138 1234 5678`); partial input grows into it. */
export function formatPhone344(s: string | null | undefined): string {
  const d = digitsOnly(s).slice(0, 11);
  const parts = [d.slice(0, 3), d.slice(3, 7), d.slice(7, 11)].filter((p) => p !== '');
  return parts.join(' ');
}

/**
 * Edited amount: digits only, and a value at or above `max` becomes `max` (spec section 5;
 * amountMin is deliberately not enforced here). Leading zeros are dropped so that `007` and `7`
 * are the same amount on screen. A `max` that is not a finite number caps nothing.
 */
export function capAmount(
  raw: string | number | null | undefined,
  max: number | string | null | undefined,
): string {
  const d = digitsOnly(raw).replace(/^0+(?=\d)/, '');
  if (d === '') return '';
  const m = typeof max === 'string' ? Number(max.trim() === '' ? NaN : max) : max;
  if (typeof m !== 'number' || !Number.isFinite(m) || m < 0) return d;
  const cap = Math.floor(m);
  return Number(d) >= cap ? String(cap) : d;
}
