/** SECURITY.md 15: one repayment per Idempotency-Key; 800005 and 800006 (spec section 8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, fakeClock, smsCode, startServer, USER, type TestServer } from './helpers';

let s: TestServer;
const clock = fakeClock();
beforeAll(async () => {
  s = await startServer({ now: clock.now });
});
afterAll(async () => {
  await s.close();
});

async function token(orderId: string): Promise<string> {
  const way = await s.call(
    'repaymentWay',
    {},
    { qs: `userId=${USER.userId}&sessionId=${USER.sessionId}&orderId=${orderId}` },
  );
  return (expectSuccess('repaymentWay', way) as { repayToken: string }).repayToken;
}

// The server decides whether a code is needed: CARD1 (CRDB bank account) always needs
// one, CARD2 (M-Pesa wallet) none below settings.repaySms.minAmount. sendMsg is sent and ignored.
const commit = (orderId: string, repayToken: string, key: string, amount: number, sendMsg = 0) =>
  s.call(
    'repaymentCommit',
    sendMsg === 1
      ? {
          amount,
          bankName: 'CRDB Bank',
          cardId: 'CARD1',
          cardNo: '**** 6789',
          couponId: '',
          orderId,
          repayToken,
          bankCode: 'CRDB',
          sendMsg,
        }
      : {
          amount,
          bankName: 'M-Pesa',
          cardId: 'CARD2',
          cardNo: '**** 5678',
          couponId: '',
          orderId,
          repayToken,
          bankCode: '90006',
          sendMsg,
        },
    { headers: { 'idempotency-key': key } },
  );

const repaymentRows = (orderId: string) =>
  s.db.selectFrom('repayments').selectAll().where('order_id', '=', orderId).execute();

describe('repayToken key', () => {
  it('is read once at start, not from the database on every request', async () => {
    const t = await token('O170');
    const row = await s.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'secret')
      .executeTakeFirstOrThrow();
    await s.db
      .updateTable('settings')
      .set({ value: JSON.stringify('changed-behind-the-servers-back') })
      .where('key', '=', 'secret')
      .execute();
    try {
      expect(await token('O170')).toBe(t);
    } finally {
      await s.db
        .updateTable('settings')
        .set({ value: JSON.stringify(row.value) })
        .where('key', '=', 'secret')
        .execute();
    }
  });
});

describe('repayment commit idempotency', () => {
  it('requires an Idempotency-Key header', async () => {
    const t = await token('O170');
    const res = await s.call('repaymentCommit', {
      amount: 100,
      cardId: 'CARD1',
      orderId: 'O170',
      repayToken: t,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Idempotency-Key/);
  });

  it('the same key twice records one repayment and answers the same record', async () => {
    const t = await token('O170');
    const a = expectSuccess(
      'repaymentCommit',
      await commit('O170', t, 'same-key-000001', 100_000),
    ) as { repayRecordId: string };
    const b = expectSuccess(
      'repaymentCommit',
      await commit('O170', t, 'same-key-000001', 100_000),
    ) as { repayRecordId: string };
    expect(b.repayRecordId).toBe(a.repayRecordId);
    expect(
      (await repaymentRows('O170')).filter((r) => r.idempotency_key === 'same-key-000001'),
    ).toHaveLength(1);
    const plan = expectSuccess(
      'installmentPlan',
      await s.call('installmentPlan', { productId: 'P002', orderId: 'O170' }),
    ) as { amountMax: number };
    expect(plan.amountMax).toBe(22_000_000 - 100_000);
  });

  it('ten parallel submissions with one key record one repayment', async () => {
    const t = await token('O170');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => commit('O170', t, 'parallel-key-0001', 200_000)),
    );
    const ids = new Set(
      results.map(
        (r) => (expectSuccess('repaymentCommit', r) as { repayRecordId: string }).repayRecordId,
      ),
    );
    expect(ids.size).toBe(1);
    expect(
      (await repaymentRows('O170')).filter((r) => r.idempotency_key === 'parallel-key-0001'),
    ).toHaveLength(1);
  });

  it('the same key with a different amount is refused', async () => {
    const t = await token('O170');
    expectSuccess('repaymentCommit', await commit('O170', t, 'amount-key-00001', 300_000));
    const res = await commit('O170', t, 'amount-key-00001', 300_001);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/different/);
  });

  it('a forged repayToken or a foreign card is refused', async () => {
    expect((await commit('O170', 'forged', 'forged-key-0001', 100)).status).toBe(400);
    const t = await token('O170');
    const res = await s.call(
      'repaymentCommit',
      { amount: 100, cardId: 'CARD3', orderId: 'O170', repayToken: t },
      { headers: { 'idempotency-key': 'card-key-000001' } },
    );
    expect(res.status).toBe(400);
  });
});

describe('SMS-validated repayments', () => {
  it('a second submission of the same payment resumes the pending one, 800006 for a wrong code, then confirm', async () => {
    const t = await token('O180D');
    const first = expectSuccess(
      'repaymentCommit',
      await commit('O180D', t, 'pending-key-0001', 500_000, 1),
    ) as { needValid: number; repayRecordId: string };
    expect(first.needValid).toBe(1);
    const code = await smsCode(s, USER.phone);
    expect(code).toMatch(/^\d{6}$/);
    const second = expectSuccess(
      'repaymentCommit',
      await commit('O180D', t, 'pending-key-0002', 500_000, 1),
    );
    expect(second).toEqual(first);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await s.call('repaymentConfirm', {
      orderId: 'O180D',
      verifyCode: wrong,
      repaymentRecordId: first.repayRecordId,
    });
    expect(bad.body.code).toBe('800006');
    const good = expectSuccess(
      'repaymentConfirm',
      await s.call('repaymentConfirm', {
        orderId: 'O180D',
        verifyCode: code,
        repaymentRecordId: first.repayRecordId,
      }),
    ) as { status: string };
    expect(good.status).toBe('success');
    // The order is free again: a new key may start a new pending repayment (after the SMS limit).
    clock.advance(2 * 60_000);
    expectSuccess('repaymentCommit', await commit('O180D', t, 'pending-key-0003', 500_000, 1));
  });

  it('parallel submissions with different keys leave exactly one pending repayment', async () => {
    clock.advance(2 * 60_000);
    const t = await token('O174N');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => commit('O174N', t, `race-key-00000${i}`, 100_000, 1)),
    );
    expect(results.filter((r) => r.body.code === '00')).toHaveLength(5);
    expect(
      new Set(results.map((r) => (r.body.data as { repayRecordId: string }).repayRecordId)).size,
    ).toBe(1);
    expect((await repaymentRows('O174N')).filter((r) => r.status === 'pending')).toHaveLength(1);
  });

  it('paying everything settles the order (status 200)', async () => {
    const t = await token('O180N');
    expectSuccess('repaymentCommit', await commit('O180N', t, 'settle-key-00001', 11_000_000));
    const d = expectSuccess('loanDetails', await s.call('loanDetails', { orderId: 'O180N' })) as {
      orderStatus: number;
    };
    expect(d.orderStatus).toBe(200);
  });
});
