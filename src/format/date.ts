/**
 * Date display (contract section 3 "Times"): ISO 8601 on the wire, shown `YYYY-MM-DD` or
 * `YYYY-MM-DD HH:MM:SS`.
 *
 * Decision: we show the wall-clock time written in the string itself and never convert time
 * zones. The server writes times in the lender's market offset (or `Z`), and a borrower whose
 * phone is set to another zone must see the same due date as the contract and the call centre.
 * It also makes the output independent of the device and of the test machine's TZ.
 */

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

interface Parts {
  date: string;
  time: string | null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(iso: unknown): Parts | null {
  if (typeof iso !== 'string') return null;
  const m = ISO.exec(iso.trim());
  if (!m) return null;
  const [, y = '', mo = '', d = '', h, mi, s] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(Number(y), month)) return null;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined || mi === undefined) return { date, time: null };
  const sec = s ?? '00';
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  return { date, time: `${h}:${mi}:${sec}` };
}

/** `2024-05-01T23:30:00+03:00` -> `2024-05-01`; not an ISO date -> `''`. */
export function formatDate(iso: string | null | undefined): string {
  return parts(iso)?.date ?? '';
}

/**
 * `2024-05-01T23:30:00+03:00` -> `2024-05-01 23:30:00`. A date without a time is shown as the
 * date alone (the spec adds HH:MM:SS only "when time is included"). Not an ISO date -> `''`.
 */
export function formatDateTime(iso: string | null | undefined): string {
  const p = parts(iso);
  if (!p) return '';
  return p.time === null ? p.date : `${p.date} ${p.time}`;
}
