/** No deletion with an open loan; loan-push binds only the product's own term. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, OTHER, smsCode, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ smsLimits: { ipPerMinute: 100, ipPerHour: 100 } });
});
afterAll(async () => {
  await s.close();
});

const OPEN_LOAN = /loan that is not settled/;
const otherQs = `userId=${OTHER.userId}&sessionId=${OTHER.sessionId}`;

async function borrower(phone: string) {
  const made = await s.inject({ method: 'POST', url: '/__test/users', payload: { phone } });
  const b = made.json().data as { userId: string; sessionId: string; phone: string };
  return { ...b, qs: `userId=${b.userId}&sessionId=${b.sessionId}` };
}

describe('account deletion with an open loan (item 8)', () => {
  it('demo user 10002 (O2170 repaying) is refused at the SMS step, with no code sent', async () => {
    const res = await s.call(
      'sendSmsCodeNew',
      { phone: '0787654321', type: 'del' },
      { qs: otherQs },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('1004');
    expect(res.body.message).toMatch(OPEN_LOAN);
    await expect(smsCode(s, '0787654321')).rejects.toThrow();
    expect((await s.call('loanDetails', { orderId: OTHER.orderId }, { qs: otherQs })).status).toBe(
      200,
    );
  });

  it.each([21, 151, 170, 174, 180])(
    'an order in status %i taken after the code was sent still blocks the deletion',
    async (status) => {
      const b = await borrower(`07551${String(status).padStart(5, '0')}`);
      expectSuccess(
        'sendSmsCodeNew',
        await s.call('sendSmsCodeNew', { phone: b.phone, type: 'del' }, { qs: b.qs }),
      );
      const code = await smsCode(s, b.phone);
      await s.db
        .insertInto('orders')
        .values({
          id: `OX${status}${b.userId}`,
          user_id: b.userId,
          product_id: 'P001',
          status,
          is_delay: 0,
          amount: 1_000_000,
          delay_fee: 50_000,
          periods: 14,
          term_unit: 1,
          pay_mode: 'NOTICE',
          code_type: 1,
          pay_code: `PX${status}`,
          is_score: 0,
          card_need_pop: 0,
        })
        .execute();
      const res = await s.call('userDelete', { phone: b.phone, code }, { qs: b.qs });
      expect(res.body.code).toBe('1004');
      expect(res.body.message).toMatch(OPEN_LOAN);
      const user = await s.db
        .selectFrom('users')
        .select('deleted_at')
        .where('id', '=', b.userId)
        .executeTakeFirstOrThrow();
      expect(user.deleted_at).toBeNull();
    },
  );

  it('settled (200) and failed (110) orders do not block it', async () => {
    const b = await borrower('0755000333');
    for (const status of [110, 200]) {
      await s.db
        .insertInto('orders')
        .values({
          id: `OY${status}${b.userId}`,
          user_id: b.userId,
          product_id: 'P001',
          status,
          is_delay: 0,
          amount: 1_000_000,
          delay_fee: 50_000,
          periods: 14,
          term_unit: 1,
          pay_mode: 'NOTICE',
          code_type: 1,
          pay_code: `PY${status}`,
          is_score: 0,
          card_need_pop: 0,
        })
        .execute();
    }
    expectSuccess(
      'sendSmsCodeNew',
      await s.call('sendSmsCodeNew', { phone: b.phone, type: 'del' }, { qs: b.qs }),
    );
    expectSuccess(
      'userDelete',
      await s.call('userDelete', { phone: b.phone, code: await smsCode(s, b.phone) }, { qs: b.qs }),
    );
  });
});

describe('loan-push binds only what the product offers (item 9)', () => {
  const push = (body: Record<string, unknown>) =>
    s.call('loanPush', { productId: 'P001', amount: 2_000_000, ...body });

  it.each([
    ['365 months on a 14-day product', { periods: 365, termUnit: 2 }, /periods|termUnit/],
    ['months on a day product', { termUnit: 2 }, /termUnit/],
    ['another number of days', { periods: 30 }, /periods/],
    ['another number of days, unit given', { periods: 7, termUnit: 1 }, /periods/],
    ['amount under the product minimum', { amount: 999_999 }, /amount/],
    ['amount over the product maximum', { amount: 50_000_001 }, /amount/],
  ])('%s -> 400 with a reason', async (_n, body, reason) => {
    const res = await push(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('400');
    expect(res.body.message).toMatch(reason);
  });

  it("the product's own term, or none, is accepted and stored as the product's", async () => {
    for (const body of [{}, { periods: 14, termUnit: 1 }, { periods: 14 }, { termUnit: 1 }]) {
      const { orderId } = expectSuccess('loanPush', await push(body)) as { orderId: string };
      const o = await s.db
        .selectFrom('orders')
        .select(['periods', 'term_unit'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(o).toEqual({ periods: 14, term_unit: 1 });
    }
    const monthly = expectSuccess(
      'loanPush',
      await s.call('loanPush', { productId: 'P002', amount: 2_000_000, periods: 3, termUnit: 2 }),
    ) as { orderId: string };
    expect(
      await s.db
        .selectFrom('installments')
        .select('period_no')
        .where('order_id', '=', monthly.orderId)
        .execute(),
    ).toHaveLength(3);
    expect(
      (await s.call('loanPush', { productId: 'P002', amount: 2_000_000, periods: 12, termUnit: 2 }))
        .status,
    ).toBe(400);
  });
});
