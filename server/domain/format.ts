/**
 * Display formatting of contract section 3 (amounts in cents -> "12.345,67", dates), done by the
 * client's own formatters (src/format) so server-built texts and client-formatted numbers agree.
 */
import { fixedZone, instantDates, MARKET_TIME_ZONE } from '@kopa/format';
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
 * Dates of instants in the market's time zone (config/app.json timeZone), as the client shows
 * them: "YYYY-MM-DD" and "YYYY-MM-DD HH:MM:SS". The zone's offset is checked once at start (as
 * the build does for the app: scripts/build/fixedZone.ts), so most dates need no Intl.
 */
const market = instantDates(fixedZone(MARKET_TIME_ZONE));
export const marketDate = market.date;
export const marketDateTime = market.dateTime;

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** "1234567890123" -> "**** 0123" (never echo a full account number). */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `**** ${digits.slice(-4)}`;
}
