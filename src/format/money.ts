/**
 * Money display (contract section 3 "Amounts"): integer minor units on the wire, shown as
 * value/100 with 2 decimals, `.` between thousands and `,` before the decimals.
 * Done with integer arithmetic on the cents so that no float rounding shows up in the cents.
 */

import { MARKET, type Market } from './market';

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

function groupThousands(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * `1234567` -> `12.345,67`; `0` -> `0,00`; `-1234` -> `-12,34`; not a number -> `''`. The
 * separators are the market's (src/format/market.ts); the default market's are the contract's.
 */
export function formatMoney(
  cents: number | string | null | undefined,
  market: Pick<Market, 'group' | 'decimal'> = MARKET,
): string {
  const c = toCents(cents);
  if (c === null) return '';
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  // `-0` and amounts that round to zero carry no sign.
  const sign = c < 0 ? '-' : '';
  return `${sign}${groupThousands(String(whole), market.group)}${market.decimal}${String(frac).padStart(2, '0')}`;
}

/*
 * Typed money (docs/decisions/002-repayment-numbers-and-states.md, "Typing an amount"): the borrower types money units
 * with up to 2 decimals. `,` is the decimal mark (contract section 3); `.` is accepted too: as
 * the decimal mark when it cannot be a thousands separator (`12.5`), as a thousands separator
 * when every group after it has 3 digits (`42.345`), and when both marks appear the last one is
 * the decimal mark (`42.345,67`, `42,345.67`). The field holds the text normalised to
 * `digits[,d[d]]` (no grouping), so the next keystroke edits what the borrower sees.
 */

const MONEY_CHARS = /[^0-9.,]/g;

/** `42.345`, `1,234,567`: a first group of 1-3 digits, then groups of exactly 3. */
function isGrouping(parts: string[]): boolean {
  return (
    parts.length > 1 &&
    /^[1-9]\d{0,2}$/.test(parts[0] ?? '') &&
    parts.slice(1).every((g) => /^\d{3}$/.test(g))
  );
}

/** Splits cleaned text into whole and decimal digits (decimals undefined: no decimal mark). */
function splitMoney(text: string): { whole: string; decimals: string | undefined } {
  const s = text.replace(MONEY_CHARS, '');
  const marks = s.replace(/[0-9]/g, '');
  const strip = (x: string) => x.replace(/[.,]/g, '');
  if (marks === '') return { whole: s, decimals: undefined };
  // One kind of mark in thousands groups (a lone `,` is always the decimal mark, contract 3).
  const oneKind = !marks.includes(marks[0] === ',' ? '.' : ',');
  if (oneKind && marks !== ',' && isGrouping(s.split(/[.,]/)))
    return { whole: strip(s), decimals: undefined };
  // The last mark is the decimal mark when what precedes it is plain or grouped by the other
  // mark (`42.345,67`); otherwise a separator typed after the decimals is ignored (`12,3,`).
  const last = s.search(/[.,][^.,]*$/);
  const before = s.slice(0, last);
  const lastMark = s.charAt(last);
  const useLast =
    !/[.,]/.test(before) || (!before.includes(lastMark) && isGrouping(before.split(/[.,]/)));
  const at = useLast ? last : s.search(/[.,]/);
  return { whole: strip(s.slice(0, at)), decimals: strip(s.slice(at + 1)) };
}

/** What a money field keeps of typed or pasted text: `42.345,678` -> `42345,67`; `,5` -> `0,5`. */
export function cleanMoneyText(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const { whole, decimals } = splitMoney(String(raw));
  const w = whole.replace(/^0+(?=\d)/, '');
  if (decimals === undefined) return w;
  return `${w === '' ? '0' : w},${decimals.slice(0, 2)}`;
}

/** Integer cents of typed money text (`42345,67` -> 4234567), or null when it holds no amount. */
export function parseMoney(text: unknown): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? Math.round(text * 100) : null;
  if (typeof text !== 'string') return null;
  if (!/\d/.test(text)) return null;
  const clean = cleanMoneyText(text);
  const [whole = '', decimals = ''] = clean.split(',');
  const cents = Number(whole === '' ? '0' : whole) * 100 + Number(decimals.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as the text a money field holds: 4234567 -> `42345,67`, 4234500 -> `42345`. */
export function moneyText(cents: number): string {
  const c = Math.max(0, Math.round(cents));
  const frac = c % 100;
  return frac === 0
    ? String(Math.floor(c / 100))
    : `${Math.floor(c / 100)},${String(frac).padStart(2, '0')}`;
}
