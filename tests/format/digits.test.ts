import { describe, expect, it } from 'vitest';
import { capAmount, digitsOnly, formatPhone344, groupCardNumber } from '../../src/format/digits';
import { currencyLabel, currencySymbol } from '../../src/format/currency';

describe('digit helpers', () => {
  it('digitsOnly keeps ASCII digits only', () => {
    expect(digitsOnly('12a-3 4.5')).toBe('12345');
    expect(digitsOnly('١٢٣')).toBe('');
    expect(digitsOnly(null)).toBe('');
    expect(digitsOnly(undefined)).toBe('');
    expect(digitsOnly(42)).toBe('42');
  });

  it('groupCardNumber groups digits in fours', () => {
    expect(groupCardNumber('6222021234567890123')).toBe('6222 0212 3456 7890 123');
    expect(groupCardNumber('1234-5678')).toBe('1234 5678');
    expect(groupCardNumber('123')).toBe('123');
    expect(groupCardNumber('')).toBe('');
  });

  it('formatPhone344 shows at most 11 digits as 3-4-4', () => {
    expect(formatPhone344('13812345678')).toBe('138 1234 5678');
    expect(formatPhone344('138-1234-5678-999')).toBe('138 1234 5678');
    expect(formatPhone344('1381')).toBe('138 1');
    expect(formatPhone344('13')).toBe('13');
    expect(formatPhone344(null)).toBe('');
  });

  it('capAmount keeps digits and caps at or above the max', () => {
    expect(capAmount('5000', 10000)).toBe('5000');
    expect(capAmount('10000', 10000)).toBe('10000');
    expect(capAmount('250000', 10000)).toBe('10000');
    expect(capAmount('1a2b3', 10000)).toBe('123');
    expect(capAmount('007', 10000)).toBe('7');
    expect(capAmount('0', 10000)).toBe('0');
    expect(capAmount('', 10000)).toBe('');
    expect(capAmount('12000', '10000')).toBe('10000');
    expect(capAmount('12000', undefined)).toBe('12000');
    expect(capAmount('99999999999999999999', 500)).toBe('500');
  });
});

describe('currency', () => {
  it('uses the rupee sign for flag 1, the market label for flag 2 and the peso sign otherwise', () => {
    expect(currencySymbol(1)).toBe('₹');
    expect(currencySymbol('1')).toBe('₹');
    expect(currencySymbol(2)).toBe('₱'); // "otherwise peso" (spec section 1)
    expect(currencySymbol('2')).toBe('₱');
    expect(currencySymbol(0)).toBe('₱');
    expect(currencySymbol('3')).toBe('₱');
    expect(currencySymbol(undefined)).toBe('₱');
  });

  it('reads the currency label from config', () => {
    expect(currencyLabel).toBe('TZS');
  });
});
