/**
 * Tells, at build time (scripts/build/fixedZone.ts) and on the server, whether the market's
 * time zone (config/app.json `timeZone`) has kept one UTC offset for decades. If so, src/format/date.ts shows instants in it
 * by adding that offset, without Intl: the first Intl.DateTimeFormat of a page load costs 50-100
 * ms on a slow phone (ICU's zone data), on the way to the first screen. Outside the
 * checked years, or for any other zone, date.ts still asks Intl. A deployment whose zone starts
 * daylight saving is rebuilt anyway (its config or the engine's tz data changed).
 */

/** Years checked around the build's: instants outside them go through Intl. */
export const FIXED_ZONE_YEARS = 30;

export interface FixedZone {
  zone: string;
  offsetMinutes: number;
  /** Epoch ms range in which the offset was checked. */
  from: number;
  to: number;
}

function offsetAt(epochMs: number, format: Intl.DateTimeFormat): number {
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(epochMs))) p[part.type] = part.value;
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** The zone's offset if it is the same on the 1st and 15th of every month of the years checked; else null. */
export function fixedZone(zone: string, now = Date.now()): FixedZone | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return null;
  }
  const year = new Date(now).getUTCFullYear();
  const from = Date.UTC(year - FIXED_ZONE_YEARS, 0, 1);
  const to = Date.UTC(year + FIXED_ZONE_YEARS, 0, 1);
  const first = offsetAt(from, format);
  for (let y = year - FIXED_ZONE_YEARS; y < year + FIXED_ZONE_YEARS; y++) {
    for (let m = 0; m < 12; m++) {
      for (const d of [1, 15]) if (offsetAt(Date.UTC(y, m, d, 12), format) !== first) return null;
    }
  }
  return { zone, offsetMinutes: first, from, to };
}
