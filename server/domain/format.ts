/**
 * Display formatting of contract section 3 (amounts in cents -> "12.345,67", dates), done by the
 * client's own formatters (src/format) so server-built texts and client-formatted numbers agree.
 */
import {
  formatDate as formatIsoDate,
  formatDateTime as formatIsoDateTime,
  MARKET_TIME_ZONE,
} from '@kopa/format';
import { fixedZone } from '@kopa/format';
import { formatMoney as formatCents } from '@kopa/format';

/** Cents -> "12.345,67", rounded like the client (half away from zero). */
export function formatAmount(cents: number): string {
  return formatCents(cents);
}

/** Cents -> "TZS 12.345,67": the amount with the market's currency label before it. */
export function formatLabelledAmount(cents: number, label = 'TZS'): string {
  return `${label} ${formatCents(cents)}`;
}

/**
 * The market's zone when it keeps one UTC offset (checked once at start, as the build does for the
 * app: scripts/build/fixedZone.ts): then a date is the instant plus that offset, without parsing
 * an ISO text and asking Intl per date, which was the plan's largest cost per row.
 * Outside the checked years, or for a zone with daylight saving, the client's formatter answers.
 */
const FIXED = fixedZone(MARKET_TIME_ZONE);
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function fixedParts(d: Date): Date | null {
  const t = d.getTime();
  return FIXED && t >= FIXED.from && t < FIXED.to
    ? new Date(t + FIXED.offsetMinutes * 60_000)
    : null;
}

/** "YYYY-MM-DD" of the instant in the market's time zone (config/app.json timeZone), as the client shows it. */
export function formatDate(d: Date): string {
  const w = fixedParts(d);
  if (!w) return formatIsoDate(d.toISOString());
  return `${String(w.getUTCFullYear()).padStart(4, '0')}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())}`;
}

/** "YYYY-MM-DD HH:MM:SS" of the instant in the market's time zone. */
export function formatDateTime(d: Date): string {
  const w = fixedParts(d);
  if (!w) return formatIsoDateTime(d.toISOString());
  return `${formatDate(d)} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`;
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** "1234567890123" -> "**** 0123" (never echo a full account number). */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `**** ${digits.slice(-4)}`;
}
