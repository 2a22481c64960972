/** Typed money: units with up to 2 decimals, `,` or `.` as the decimal mark, cents out. */
import { describe, expect, it } from 'vitest';
import { cleanMoneyText, moneyText, parseMoney } from '../../src/format/money';

describe('cleanMoneyText', () => {
  it.each([
    ['42345,67', '42345,67'],
    ['42345.67', '42345,67'],
    ['42.345,67', '42345,67'],
    ['42,345.67', '42345,67'],
    ['42.345', '42345'],
    ['1,234,567', '1234567'],
    ['1.5', '1,5'],
    ['12,', '12,'],
    [',5', '0,5'],
    ['12,345', '12,34'],
    ['42345,6.', '42345,6'],
    ['12,3,', '12,3'],
    ['007', '7'],
    ['TZS 1 000', '1000'],
    ['abc', ''],
  ])('%j -> %j', (raw, kept) => {
    expect(cleanMoneyText(raw)).toBe(kept);
  });
});

describe('parseMoney', () => {
  it.each([
    ['42345,67', 4234567],
    ['42.345,67', 4234567],
    ['0,05', 5],
    ['12,5', 1250],
    ['12,', 1200],
    ['7', 700],
    ['', null],
    [',', null],
  ])('%j -> %j cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it('reads nothing from non-text', () => {
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney({})).toBeNull();
  });
});

describe('moneyText', () => {
  it('writes cents as field text', () => {
    expect(moneyText(4234567)).toBe('42345,67');
    expect(moneyText(4234500)).toBe('42345');
    expect(moneyText(5)).toBe('0,05');
  });
});
