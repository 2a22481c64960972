import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/format/date';

describe('formatDate / formatDateTime', () => {
  it('keeps the wall-clock time written in the string, whatever its offset', () => {
    // 23:30 at +03:00 is 20:30 UTC; we show what the server wrote, not a converted time.
    expect(formatDateTime('2024-05-01T23:30:00+03:00')).toBe('2024-05-01 23:30:00');
    expect(formatDate('2024-05-01T23:30:00+03:00')).toBe('2024-05-01');
    expect(formatDateTime('2024-05-01T23:30:00-0500')).toBe('2024-05-01 23:30:00');
    expect(formatDateTime('2024-12-31T23:59:59Z')).toBe('2024-12-31 23:59:59');
  });

  it('is independent of the device time zone', () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(formatDateTime('2024-12-31T23:59:59Z')).toBe('2024-12-31 23:59:59');
      expect(formatDate('2024-12-31T23:59:59Z')).toBe('2024-12-31');
    } finally {
      process.env.TZ = saved;
    }
  });

  it('accepts fractions, a space separator, minutes only and no offset', () => {
    expect(formatDateTime('2024-02-29T08:05:09.123Z')).toBe('2024-02-29 08:05:09');
    expect(formatDateTime('2024-02-29 08:05:09')).toBe('2024-02-29 08:05:09');
    expect(formatDateTime('2024-02-29T08:05')).toBe('2024-02-29 08:05:00');
  });

  it('shows a date without time as the date alone, even in formatDateTime', () => {
    expect(formatDate('2024-03-15')).toBe('2024-03-15');
    expect(formatDateTime('2024-03-15')).toBe('2024-03-15');
  });

  it.each([null, undefined, '', 'yesterday', '2024-13-01', '2023-02-29', '2024-04-31', '2024-01-01T24:00:00', '2024-01-01T10:60', '01/02/2024', '2024-1-1'])(
    'invalid %j -> empty string',
    (input) => {
      expect(formatDate(input)).toBe('');
      expect(formatDateTime(input)).toBe('');
    },
  );
});
