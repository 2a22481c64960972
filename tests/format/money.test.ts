import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/format/money';

describe('formatMoney', () => {
  it.each([
    [1234567, '12.345,67'],
    ['1234567', '12.345,67'],
    [0, '0,00'],
    ['0', '0,00'],
    [5, '0,05'],
    [100, '1,00'],
    [99999, '999,99'],
    [100000, '1.000,00'],
    [123456789012, '1.234.567.890,12'],
    [-1234, '-12,34'],
    ['-1234', '-12,34'],
    [-5, '-0,05'],
    [-0, '0,00'],
    [' 2500 ', '25,00'],
    [12.6, '0,13'],
    ['1000000', '10.000,00'],
  ])('%j -> %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it.each([null, undefined, '', 'abc', '12a', '1,000', NaN, Infinity, -Infinity, '0x10', '1e5'])(
    'non-numeric %j -> empty string',
    (input) => {
      expect(formatMoney(input as number | string | null | undefined)).toBe('');
    },
  );

  it('does not accept objects or booleans at run time', () => {
    expect(formatMoney({} as unknown as number)).toBe('');
    expect(formatMoney(true as unknown as number)).toBe('');
  });
});
