/**
 * Display formatting of contract section 3 (amounts in cents -> "12.345,67", dates), done by the
 * client's own formatters (src/format) so server-built texts and client-formatted numbers agree.
 */
import { formatDate as formatIsoDate, formatDateTime as formatIsoDateTime } from '../../src/format/date';
import { formatMoney as formatCents } from '../../src/format/money';

/** Cents -> "12.345,67", rounded like the client (half away from zero). */
export function formatAmount(cents: number): string {
  return formatCents(cents);
}

export function formatMoney(cents: number, label = 'TZS'): string {
  return `${label} ${formatCents(cents)}`;
}

/** "YYYY-MM-DD" of the instant in the market's time zone (config/app.json timeZone), as the client shows it. */
export function formatDate(d: Date): string {
  return formatIsoDate(d.toISOString());
}

/** "YYYY-MM-DD HH:MM:SS" of the instant in the market's time zone. */
export function formatDateTime(d: Date): string {
  return formatIsoDateTime(d.toISOString());
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** "1234567890123" -> "**** 0123" (never echo a full account number). */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `**** ${digits.slice(-4)}`;
}
