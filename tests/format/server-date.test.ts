import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../server/domain/format';

/** The server's preformatted strings ('Apply time', 'Due date') use the market zone like the client. */
describe('server formatDate / formatDateTime', () => {
  it('writes the market wall clock (Dar es Salaam) of an instant, not UTC', () => {
    const lateUtc = new Date('2026-01-01T22:30:00Z');
    expect(formatDateTime(lateUtc)).toBe('2026-01-02 01:30:00');
    expect(formatDate(lateUtc)).toBe('2026-01-02');
    expect(formatDate(new Date('2026-01-01T20:59:59Z'))).toBe('2026-01-01');
  });
});
