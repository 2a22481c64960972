import appConfig from '../../config/app.json';
import type { FixedZone } from './fixedZone';

/**
 * Date display (contract section 3 "Times"): ISO 8601 on the wire, shown `YYYY-MM-DD` or
 * `YYYY-MM-DD HH:MM:SS`, in the market's time zone (config/app.json `timeZone`, an IANA name).
 *
 * Decision (docs/decisions/003-complaints-storage-and-times.md, "Times"): a time with an offset or `Z` is an instant and is shown
 * as the market's wall clock, whatever the phone's zone, so a borrower sees the same times as the
 * contract and the call centre (2026-01-01T22:30:00Z is 2026-01-02 01:30:00 in Dar es Salaam).
 * A time without an offset is already a market wall-clock time and a date alone is a calendar
 * day: both are shown as written, never shifted.
 */

/** The market's zone; tests and callers may pass another one. */
export const MARKET_TIME_ZONE: string = (appConfig as { timeZone?: string }).timeZone ?? 'UTC';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

interface Parts {
  date: string;
  time: string | null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** One formatter per zone (building one is slow); null for a zone the engine does not know. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      f = null;
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes east of UTC of an offset such as `Z`, `+03:00`, `-0500`, `+03`. */
function offsetMinutes(offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/**
 * Set by the build (scripts/build/fixedZone.ts) when the market's zone has one UTC offset over
 * the years checked: those instants need no Intl (its first use costs 50-100 ms on a slow phone).
 * Absent in tests and tools: Intl then answers every time.
 */
declare const __KOPA_FIXED_ZONE__: FixedZone | null | undefined;
const FIXED_ZONE = typeof __KOPA_FIXED_ZONE__ === 'undefined' ? null : __KOPA_FIXED_ZONE__;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The instant as the zone's wall clock; null when the zone is unknown (then shown as written).
 * `fixed`: the zone's one offset, when it was checked (fixedZone.ts): the wall clock is then the
 * instant plus that offset, without Intl.
 */
function inZone(epochMs: number, timeZone: string, fixed = FIXED_ZONE): Parts | null {
  if (fixed && fixed.zone === timeZone && epochMs >= fixed.from && epochMs < fixed.to) {
    const w = new Date(epochMs + fixed.offsetMinutes * 60_000);
    return {
      date: `${String(w.getUTCFullYear()).padStart(4, '0')}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())}`,
      time: `${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`,
    };
  }
  const f = formatterFor(timeZone);
  if (!f) return null;
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(epochMs))) p[part.type] = part.value;
  return {
    date: `${(p.year ?? '').padStart(4, '0')}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}:${p.second}`,
  };
}

function parts(iso: unknown, timeZone: string): Parts | null {
  if (typeof iso !== 'string') return null;
  const m = ISO.exec(iso.trim());
  if (!m) return null;
  const [, y = '', mo = '', d = '', h, mi, s, offset] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(Number(y), month)) return null;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined || mi === undefined) return { date, time: null };
  const sec = s ?? '00';
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  if (offset !== undefined) {
    const epoch =
      Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(sec)) -
      offsetMinutes(offset) * 60_000;
    const zoned = inZone(epoch, timeZone);
    if (zoned) return zoned;
  }
  return { date, time: `${h}:${mi}:${sec}` };
}

/** ISO parts `YYYY-MM-DD` / `HH:MM:SS` laid out in a market's date pattern (src/format/market.ts). */
function layOut(date: string, time: string | null, pattern: string): string {
  const [y = '', mo = '', d = ''] = date.split('-');
  const out = pattern.replace(/YYYY|MM|DD/g, (t) => (t === 'YYYY' ? y : t === 'MM' ? mo : d));
  return time === null ? out : `${out} ${time}`;
}

const ISO_DATE = 'YYYY-MM-DD';

/**
 * `2026-01-01T22:30:00Z` -> `2026-01-02` (Dar es Salaam); not an ISO date -> `''`. `pattern` is
 * the market's date order for display (`DD/MM/YYYY`); calculations keep the ISO default.
 */
export function formatDate(
  iso: string | null | undefined,
  timeZone: string = MARKET_TIME_ZONE,
  pattern: string = ISO_DATE,
): string {
  const p = parts(iso, timeZone);
  return p ? layOut(p.date, null, pattern) : '';
}

/**
 * `2026-01-01T22:30:00Z` -> `2026-01-02 01:30:00` (Dar es Salaam). A date without a time is shown
 * as the date alone (the spec adds HH:MM:SS only "when time is included"). Not an ISO date -> `''`.
 */
export function formatDateTime(
  iso: string | null | undefined,
  timeZone: string = MARKET_TIME_ZONE,
  pattern: string = ISO_DATE,
): string {
  const p = parts(iso, timeZone);
  if (!p) return '';
  return layOut(p.date, p.time, pattern);
}

/**
 * Instants as the database gives them (a Date) shown like formatDate / formatDateTime show an ISO
 * instant: `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS` in the market's zone. `fixed` is that zone's
 * one offset when the caller checked it (the server, once at start: fixedZone()); the browser's
 * build passes it as a define instead. A date then costs no ISO parse and no Intl call, which was
 * the largest cost per row of the server's repayment plan.
 */
export function instantDates(fixed: FixedZone | null, timeZone: string = MARKET_TIME_ZONE) {
  return {
    date(d: Date): string {
      return inZone(d.getTime(), timeZone, fixed)?.date ?? formatDate(d.toISOString(), timeZone);
    },
    dateTime(d: Date): string {
      const p = inZone(d.getTime(), timeZone, fixed);
      return p ? `${p.date} ${p.time}` : formatDateTime(d.toISOString(), timeZone);
    },
  };
}
