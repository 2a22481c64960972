import { describe, expect, it } from 'vitest';
import { commonQueryString, readSession } from '../../../src/app/http/borrowerSession';

const defaults = { defaultMerchantNumber: 'KOPA001' };

describe('readSession', () => {
  it('reads every common parameter, with or without a leading ?', () => {
    const qs =
      'deviceId=d1&appVersion=2.1&userId=u1&appName=Kopa&sessionId=s1&clientType=android&merchantNumber=M9' +
      '&mobilePhone=255700&orderId=o1&productId=p1&couponId=c1&couponMoney=500&withholdingAmount=20';
    const a = readSession(`?${qs}`, defaults);
    expect(a).toEqual(readSession(qs, defaults));
    expect(a.params).toEqual({
      deviceId: 'd1',
      appVersion: '2.1',
      userId: 'u1',
      appName: 'Kopa',
      sessionId: 's1',
      clientType: 'android',
      merchantNumber: 'M9',
      mobilePhone: '255700',
      orderId: 'o1',
      productId: 'p1',
      product_id: 'p1',
      couponId: 'c1',
      couponMoney: '500',
      withholdingAmount: '20',
    });
  });

  it('fills product_id from productId and productId from product_id', () => {
    expect(readSession('productId=7', defaults).params).toMatchObject({
      productId: '7',
      product_id: '7',
    });
    expect(readSession('product_id=8', defaults).params).toMatchObject({
      productId: '8',
      product_id: '8',
    });
    expect(readSession('', defaults).params).toMatchObject({ productId: '', product_id: '' });
  });

  it('uses the configured merchant number when none (or an empty one) is given', () => {
    expect(readSession('userId=u1', defaults).params.merchantNumber).toBe('KOPA001');
    expect(readSession('merchantNumber=', defaults).params.merchantNumber).toBe('KOPA001');
  });

  it('reads the header sources, empty when absent', () => {
    expect(readSession('building=b&eyes=e', defaults).headers).toEqual({
      building: 'b',
      gather: '',
      swift: '',
      eyes: 'e',
    });
  });

  it('accepts URLSearchParams and decodes values', () => {
    expect(readSession(new URLSearchParams('userId=a%20b'), defaults).params.userId).toBe('a b');
  });
});

describe('commonQueryString', () => {
  it('writes the given parameters in a fixed order, both product names, no empty values', () => {
    const s = readSession('orderId=o1&userId=u1&product_id=p1&deviceId=&building=b', defaults);
    expect(commonQueryString(s)).toBe(
      'userId=u1&merchantNumber=KOPA001&orderId=o1&productId=p1&product_id=p1',
    );
  });

  it('carries the header sources for navigation only when asked', () => {
    const s = readSession('userId=u1&building=b&swift=s', defaults);
    expect(commonQueryString(s)).not.toContain('building');
    expect(commonQueryString(s, { withHeaderSources: true })).toBe(
      'userId=u1&merchantNumber=KOPA001&building=b&swift=s',
    );
  });

  it('round-trips through readSession', () => {
    const s = readSession('userId=u%261&sessionId=s+1&productId=p1', defaults);
    expect(readSession(commonQueryString(s), defaults)).toEqual({
      ...s,
      headers: { building: '', gather: '', swift: '', eyes: '' },
    });
  });
});
