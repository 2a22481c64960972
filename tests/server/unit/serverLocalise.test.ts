/**
 * The reference server answers in the page's language. server/core/localise.ts reads
 * the catalogue (messages/**) as a table from English to zh / id; patterns carry {parameters}.
 */
import { describe, expect, it } from 'vitest';
import { localiseData, localiserFor } from '../../../server/core/localise';

describe('the server localiser', () => {
  it('English (or no lang, or an unknown one) leaves every text as written', () => {
    for (const raw of [undefined, '', 'en', 'fr'])
      expect(localiserFor(raw).text('Overdue')).toBe('Overdue');
  });

  it("translates the server's own texts, the app's catalogue texts and the spec strings", () => {
    const zh = localiserFor('zh-CN');
    expect(zh.text('Overdue')).toBe('已逾期');
    expect(zh.text('Order No.')).toBe('订单号');
    expect(zh.text('do not submit the repayment request twice')).not.toBe(
      'do not submit the repayment request twice',
    );
    expect(localiserFor('in').text('Verification code sent!')).not.toBe('Verification code sent!');
    expect(localiserFor('id').text('Loan amount')).toBe('Jumlah pinjaman');
  });

  it('a text with parameters is a pattern; known parameter values are translated too', () => {
    expect(localiserFor('zh').text('Please repay TZS 110.000,00.')).toBe('请还款 TZS 110.000,00。');
    expect(localiserFor('id').text('14 days')).toBe('14 hari');
    expect(localiserFor('zh').text('"Bank account number" is required')).toBe('请填写“银行账号”');
  });

  it("a text the catalogue does not have stays as written (a borrower's own words, an operator's new row)", () => {
    expect(localiserFor('zh').text('The collector called me at night.')).toBe(
      'The collector called me at night.',
    );
  });

  it('walks answers: nested objects, arrays and JSON carried as text; numbers and null kept', () => {
    const data = {
      detail: [{ text: 'Due date', value: '2026-01-02' }],
      amount: 100,
      none: null,
      note: JSON.stringify([{ name: 'Bank card', type: '2' }]),
    };
    expect(localiseData(data, localiserFor('id'))).toEqual({
      detail: [{ text: 'Tanggal jatuh tempo', value: '2026-01-02' }],
      amount: 100,
      none: null,
      note: JSON.stringify([{ name: 'Kartu bank', type: '2' }]),
    });
  });
});
