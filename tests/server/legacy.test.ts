/**
 * The older obfuscated endpoint family (spec section 7): one configurable prefix, the form client,
 * success '00', the same rules as the v3 calls. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppConfig } from '../../server/core/config';
import {
  catalogue,
  expectSuccess,
  fakeClock,
  SESSION_QS,
  startServer,
  USER,
  type TestServer,
} from './helpers';

let s: TestServer;
const clock = fakeClock();
const LEGACY = [
  'legacyConfirmDetail',
  'legacyContractList',
  'legacyContractJump',
  'legacyLoanPush',
  'legacyProductClick',
  'legacyProductLink',
];

beforeAll(async () => {
  s = await startServer({ now: clock.now });
});
afterAll(async () => {
  await s.close();
});

const orderCount = async (userId: string) =>
  (await s.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length;

describe('older endpoint family', () => {
  it('lives under config legacyPrefix, with the form client and success "00"', async () => {
    const prefix = loadAppConfig().legacyPrefix;
    expect(prefix).toBe('/api/lx/v1');
    for (const key of LEGACY) {
      expect(catalogue[key]).toMatchObject({ method: 'POST', client: 'form', success: '00' });
      expect(catalogue[key]?.path.startsWith(`${prefix}/`)).toBe(true);
    }
    const res = await s.inject({
      method: 'POST',
      url: `/vexed${prefix}/loan/confirm-detail?${SESSION_QS}`,
      payload: 'productId=P001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()).toMatchObject({ code: '00', data: { productName: 'Kopa Cash' } });
  });

  it('confirm detail, agreement list and jump answer what the v3 calls answer', async () => {
    for (const productId of ['P001', 'P002']) {
      const legacy = expectSuccess(
        'legacyConfirmDetail',
        await s.call('legacyConfirmDetail', { productId }),
      );
      expect(legacy).toEqual(
        expectSuccess('loanConfirmDetail', await s.call('loanConfirmDetail', { productId })),
      );
    }
    const list = expectSuccess(
      'legacyContractList',
      await s.call('legacyContractList', { productId: 'P001', scene: 3 }),
    );
    expect(list).toEqual(
      expectSuccess('contractList', await s.call('contractList', { productId: 'P001', scene: 3 })),
    );
    const jump = expectSuccess(
      'legacyContractJump',
      await s.call('legacyContractJump', {
        productId: 'P002',
        scene: '3',
        position: '3',
        orderId: 'O170',
      }),
    );
    expect(jump).toEqual({
      contract_url: '/loanAgreement?productId=P002&scene=3&position=3&orderId=O170',
    });
    // Another borrower's order is refused, as on v3.
    expect(
      (await s.call('legacyContractJump', { productId: 'P002', position: 1, orderId: 'O2170' }))
        .status,
    ).toBe(403);
  });

  it("push: numbers sent as form text, the product's own term, one order with its installments", async () => {
    const before = await orderCount(USER.userId);
    const made = expectSuccess(
      'legacyLoanPush',
      await s.call('legacyLoanPush', {
        amount: '2000000',
        periods: '3',
        termUnit: '2',
        productId: 'P002',
      }),
    ) as { orderId: string; lendDetailsUrl: string };
    expect(made.lendDetailsUrl).toBe(`/loanDetail?orderId=${made.orderId}&productId=P002`);
    const o = await s.db
      .selectFrom('orders')
      .select(['amount', 'periods', 'term_unit', 'status'])
      .where('id', '=', made.orderId)
      .executeTakeFirstOrThrow();
    expect({ ...o, amount: Number(o.amount) }).toEqual({
      amount: 2_000_000,
      periods: 3,
      term_unit: 2,
      status: 21,
    });
    expect(
      await s.db
        .selectFrom('installments')
        .select('period_no')
        .where('order_id', '=', made.orderId)
        .execute(),
    ).toHaveLength(3);
    expect(await orderCount(USER.userId)).toBe(before + 1);
  });

  it.each([
    ['another term', { amount: 2_000_000, periods: 12, termUnit: 2, productId: 'P002' }, /periods/],
    ['days on a month product', { amount: 2_000_000, termUnit: 1, productId: 'P002' }, /termUnit/],
    ['amount over the maximum', { amount: 100_000_001, productId: 'P002' }, /amount/],
    ['amount under the minimum', { amount: 1_999_999, productId: 'P002' }, /amount/],
    ['a disabled product', { amount: 2_000_000, productId: 'P004' }, /not available/],
  ])('push refuses %s (400, not "00", nothing stored)', async (_n, body, reason) => {
    const before = await orderCount(USER.userId);
    const res = await s.call('legacyLoanPush', body);
    expect(res.status).toBe(400);
    expect(res.body.code).not.toBe('00');
    expect(res.body.message).toMatch(reason);
    expect(await orderCount(USER.userId)).toBe(before);
  });

  it('push without a payout account is refused on both families, nothing stored', async () => {
    const made = (
      await s.inject({ method: 'POST', url: '/__test/users', payload: { phone: '0755000444' } })
    ).json().data as { userId: string; sessionId: string };
    const qs = `userId=${made.userId}&sessionId=${made.sessionId}`;
    const offer = expectSuccess(
      'legacyConfirmDetail',
      await s.call('legacyConfirmDetail', { productId: 'P001' }, { qs }),
    ) as { bankCardInfo: { cardNo: string } };
    expect(offer.bankCardInfo.cardNo).toBe('');
    for (const key of ['legacyLoanPush', 'loanPush']) {
      const res = await s.call(key, { amount: 2_000_000, productId: 'P001' }, { qs });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: '1101',
        message: 'Please add a payout account before taking the loan.',
      });
    }
    expect(await orderCount(made.userId)).toBe(0);
  });

  it("product click is recorded; product link gives the product's own link", async () => {
    expectSuccess(
      'legacyProductClick',
      await s.call('legacyProductClick', { productId: 'P003', position: '0' }),
    );
    const rows = await s.db
      .selectFrom('events')
      .select(['product_id', 'module_id'])
      .where('user_id', '=', USER.userId)
      .where('product_id', '=', 'P003')
      .execute();
    expect(rows).toEqual([{ product_id: 'P003', module_id: 31 }]);
    expect(
      expectSuccess('legacyProductLink', await s.call('legacyProductLink', { productId: 'P001' })),
    ).toEqual({ link: 'kopa://product/P001' });
    expect(
      expectSuccess('legacyProductLink', await s.call('legacyProductLink', { productId: 'P003' })),
    ).toEqual({ link: 'https://kopa.example/products/P003' });
    const unknown = await s.call('legacyProductLink', { productId: 'P999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).not.toBe('00');
  });

  it('no session: 401 on every call of the family', async () => {
    for (const key of LEGACY)
      expect(
        (await s.call(key, { productId: 'P001', position: 1, amount: 2_000_000 }, { qs: '' }))
          .status,
      ).toBe(401);
  });
});
