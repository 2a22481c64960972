import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, instantDates } from '../../src/format/date';
import { fixedZone } from '../../src/format/fixedZone';
import { marketDate, marketDateTime } from '../../server/domain/format';

const DAR = 'Africa/Dar_es_Salaam';

/** The server's preformatted strings ('Apply time', 'Due date') use the market zone like the client. */
describe('instantDates: a Date shown as formatDate / formatDateTime show its ISO text', () => {
  it('writes the market wall clock (Dar es Salaam) of an instant, not UTC, on the server', () => {
    const lateUtc = new Date('2026-01-01T22:30:00Z');
    expect(marketDateTime(lateUtc)).toBe('2026-01-02 01:30:00');
    expect(marketDate(lateUtc)).toBe('2026-01-02');
    expect(marketDate(new Date('2026-01-01T20:59:59Z'))).toBe('2026-01-01');
  });

  it('with the zone checked (no Intl) or not (Intl), the same texts as the ISO formatters', () => {
    const checked = instantDates(fixedZone(DAR), DAR);
    const unchecked = instantDates(null, DAR);
    for (
      let t = Date.UTC(2001, 0, 1, 20, 59, 59, 999);
      t < Date.UTC(2049, 0, 1);
      t += 86_400_000 * 53 + 3_601_000
    ) {
      const d = new Date(t);
      for (const dates of [checked, unchecked]) {
        expect(dates.dateTime(d)).toBe(formatDateTime(d.toISOString(), DAR));
        expect(dates.date(d)).toBe(formatDate(d.toISOString(), DAR));
      }
    }
  });

  it('outside the years the offset was checked, and in a zone with daylight saving, Intl answers', () => {
    const checked = instantDates(fixedZone(DAR), DAR);
    expect(checked.dateTime(new Date('1950-06-01T22:30:00Z'))).toBe(
      formatDateTime('1950-06-01T22:30:00Z', DAR),
    );
    const berlin = instantDates(fixedZone('Europe/Berlin'), 'Europe/Berlin');
    expect(berlin.dateTime(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02 00:30:00');
    expect(berlin.dateTime(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01 23:30:00');
  });

  it('an unknown zone shows the instant as UTC, as formatDateTime shows an ISO text it cannot place', () => {
    const nowhere = instantDates(null, 'Not/AZone');
    expect(nowhere.dateTime(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01 22:30:00');
    expect(nowhere.date(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
  });
});
