import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/format/date';

describe('formatDate / formatDateTime', () => {
  it('shows an instant in the market time zone (Dar es Salaam, UTC+3), across midnight UTC', () => {
    expect(formatDateTime('2026-01-01T22:30:00Z')).toBe('2026-01-02 01:30:00');
    expect(formatDate('2026-01-01T22:30:00Z')).toBe('2026-01-02');
    expect(formatDateTime('2026-12-31T21:00:00.000Z')).toBe('2027-01-01 00:00:00');
    expect(formatDateTime('2026-01-01T20:59:59Z')).toBe('2026-01-01 23:59:59');
    // An offset is honoured: 23:30 at -05:00 is 04:30 UTC, 07:30 in Dar es Salaam the next day.
    expect(formatDateTime('2024-05-01T23:30:00-0500')).toBe('2024-05-02 07:30:00');
    expect(formatDateTime('2024-05-01T23:30:00+03:00')).toBe('2024-05-01 23:30:00');
    expect(formatDateTime('2024-05-01T23:30:00+03')).toBe('2024-05-01 23:30:00');
  });

  it('takes another zone when asked, and shows the written time for an unknown zone', () => {
    expect(formatDateTime('2026-01-01T22:30:00Z', 'UTC')).toBe('2026-01-01 22:30:00');
    expect(formatDateTime('2026-01-01T22:30:00Z', 'Asia/Kolkata')).toBe('2026-01-02 04:00:00');
    expect(formatDateTime('2026-01-01T22:30:00Z', 'Not/AZone')).toBe('2026-01-01 22:30:00');
  });

  it('never shifts a time without offset or a date alone (already market wall clock / a calendar day)', () => {
    expect(formatDateTime('2026-01-01T22:30:00')).toBe('2026-01-01 22:30:00');
    expect(formatDate('2026-01-01')).toBe('2026-01-01');
  });

  it('is independent of the device time zone', () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(formatDateTime('2024-12-31T23:59:59Z')).toBe('2025-01-01 02:59:59');
      expect(formatDate('2024-12-31T20:59:59Z')).toBe('2024-12-31');
    } finally {
      process.env.TZ = saved;
    }
  });

  it('accepts fractions, a space separator, minutes only and no offset', () => {
    expect(formatDateTime('2024-02-29T08:05:09.123Z')).toBe('2024-02-29 11:05:09');
    expect(formatDateTime('2024-02-29 08:05:09')).toBe('2024-02-29 08:05:09');
    expect(formatDateTime('2024-02-29T08:05')).toBe('2024-02-29 08:05:00');
  });

  it('shows a date without time as the date alone, even in formatDateTime', () => {
    expect(formatDate('2024-03-15')).toBe('2024-03-15');
    expect(formatDateTime('2024-03-15')).toBe('2024-03-15');
  });

  it.each([
    null,
    undefined,
    '',
    'yesterday',
    '2024-13-01',
    '2023-02-29',
    '2024-04-31',
    '2024-01-01T24:00:00',
    '2024-01-01T10:60',
    '01/02/2024',
    '2024-1-1',
  ])('invalid %j -> empty string', (input) => {
    expect(formatDate(input)).toBe('');
    expect(formatDateTime(input)).toBe('');
  });
});
