/** Server display texts use the client's formatters: same rounding of amounts, same dates. */
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatLabelledAmount,
  marketDate,
  marketDateTime,
} from '../../server/domain/format';
import { delayFee, DELAY_FEE_RATE } from '../../server/domain/orders';
import { formatMoney as clientMoney } from '../../src/format/money';
import { formatDate as clientDate, formatDateTime as clientDateTime } from '../../src/format/date';

describe('server formatting', () => {
  it.each([0, 1, 99.5, 100, 1234567, -1234, 12345.5, -0.4, 999_999.6])(
    'amount %s is shown exactly as the client shows it',
    (cents) => {
      expect(formatAmount(cents)).toBe(clientMoney(cents));
      expect(formatLabelledAmount(cents, 'TZS')).toBe(`TZS ${clientMoney(cents)}`);
    },
  );

  it('rounds fractions of a cent (half away from zero) instead of cutting them', () => {
    expect(formatLabelledAmount(12345.5)).toBe('TZS 123,46');
    expect(formatAmount(-99.5)).toBe('-1,00');
  });

  it('dates: marketDate is the date part of marketDateTime, in the market time zone (Dar es Salaam, UTC+3)', () => {
    const d = new Date('2024-05-01T23:30:05.123Z');
    expect(marketDateTime(d)).toBe('2024-05-02 02:30:05');
    expect(marketDate(d)).toBe('2024-05-02');
    expect(marketDate(d)).toBe(marketDateTime(d).slice(0, 10));
  });

  it('dates over decades and at the day boundary agree with the client formatter (the server adds the fixed offset)', () => {
    for (
      let t = Date.UTC(2000, 0, 1, 20, 59, 59);
      t < Date.UTC(2050, 0, 1);
      t += 86_400_000 * 37 + 3_601_000
    ) {
      const d = new Date(t);
      expect(marketDateTime(d)).toBe(clientDateTime(d.toISOString()));
      expect(marketDate(d)).toBe(clientDate(d.toISOString()));
    }
  });

  it('the deferral fee is one rate, rounded to whole cents', () => {
    expect(DELAY_FEE_RATE).toBe(0.05);
    expect(delayFee(1_000_000)).toBe(50_000);
    expect(delayFee(1_234_567)).toBe(61_728);
  });
});
