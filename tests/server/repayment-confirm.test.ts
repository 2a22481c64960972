/**
 * Confirm matches the code issued for that very record; an expired or cancelled
 * record answers 800008 and books nothing; a changed amount due is never over-booked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectSuccess, fakeClock, smsCode, startServer, USER, type TestServer } from './helpers';
import { otherCode, repayKit } from './repayment-kit';

let s: TestServer;
const clock = fakeClock();
const k = repayKit(() => s);
beforeAll(async () => {
  s = await startServer({ now: clock.now });
});
afterAll(async () => {
  await s.close();
});
beforeEach(() => {
  clock.advance(61 * 60_000);
});

type Commit = { needValid: number; repayRecordId: string };
let n = 0;
const key = () => `confirm-key-${String(++n).padStart(4, '0')}`;
const EXPIRED = {
  code: '800008',
  message: 'This repayment request has expired. Please start the payment again.',
};

async function pending(orderId: string, amount = 500_000): Promise<{ id: string; code: string }> {
  const c = expectSuccess(
    'repaymentCommit',
    await k.commit({ orderId, key: key(), amount, cardId: 'CARD1' }),
  ) as Commit;
  expect(c.needValid).toBe(1);
  return { id: c.repayRecordId, code: await smsCode(s, USER.phone) };
}

describe('repayment-confirm', () => {
  it('an expired record confirmed with a newer code answers 800008 and books nothing', async () => {
    const old = await pending('O170');
    clock.advance(11 * 60_000); // past SMS_TTL: the record expired
    const fresh = await pending('O170'); // a new commit may proceed and sends a newer code
    const res = await k.confirm('O170', old.id, fresh.code);
    expect(res.body).toMatchObject(EXPIRED);
    expect((await k.ledger('O170')).booked).toBe(0);
    // The newer code still belongs to its own record.
    expectSuccess('repaymentConfirm', await k.confirm('O170', fresh.id, fresh.code));
    expect((await k.ledger('O170')).booked).toBe(500_000);
  });

  it('an expired record confirmed with its own code answers 800008, not "wrong code"', async () => {
    const r = await pending('O170');
    clock.advance(10 * 60_000 + 1);
    expect((await k.confirm('O170', r.id, r.code)).body).toMatchObject(EXPIRED);
    expect((await k.rows('O170')).find((x) => x.id === r.id)?.status).toBe('expired');
  });

  it('the code of another record is a wrong code (800006), even if it is the newest', async () => {
    const before = (await k.ledger('O170')).booked;
    const a = await pending('O170');
    clock.advance(61_000);
    const b = await pending('O174N');
    const res = await k.confirm('O170', a.id, b.code);
    expect(res.body.code).toBe('800006');
    expect((await k.ledger('O170')).booked).toBe(before);
    expectSuccess('repaymentConfirm', await k.confirm('O170', a.id, a.code));
    expectSuccess('repaymentConfirm', await k.confirm('O174N', b.id, b.code));
  });

  it('five wrong tries kill the code; a resend gives a working one', async () => {
    const r = await pending('O170');
    for (let i = 0; i < 5; i++)
      expect((await k.confirm('O170', r.id, otherCode(r.code))).body.code).toBe('800006');
    expect((await k.confirm('O170', r.id, r.code)).body.code).toBe('800006');
    clock.advance(61_000);
    expectSuccess('repaymentResend', await k.resend('O170', r.id));
    expectSuccess('repaymentConfirm', await k.confirm('O170', r.id, await smsCode(s, USER.phone)));
  });

  it('a retry with the same code answers success again; another code on a paid record is 800007', async () => {
    const before = (await k.ledger('O170')).booked;
    const r = await pending('O170');
    expectSuccess('repaymentConfirm', await k.confirm('O170', r.id, r.code));
    const again = expectSuccess('repaymentConfirm', await k.confirm('O170', r.id, r.code)) as {
      status: string;
    };
    expect(again.status).toBe('success');
    expect((await k.confirm('O170', r.id, otherCode(r.code))).body).toMatchObject({
      code: '800007',
      message: 'This repayment is already completed.',
    });
    expect((await k.ledger('O170')).booked).toBe(before + 500_000);
  });

  it('when the amount due shrank meanwhile, confirm refuses (800009), books nothing and frees the order', async () => {
    const before = await k.ledger('O180D');
    const r = await pending('O180D', before.due);
    // Another channel settles part of the order while the code is on its way.
    await s.db
      .updateTable('orders')
      .set({ paid_amount: before.paid + 1_000_000 })
      .where('id', '=', 'O180D')
      .execute();
    const res = await k.confirm('O180D', r.id, r.code);
    expect(res.body.code).toBe('800009');
    expect(res.body.message).toMatch(/amount due has changed/i);
    const after = await k.ledger('O180D');
    expect(after.booked).toBe(0);
    expect(after.paid).toBe(before.paid + 1_000_000);
    expect((await k.rows('O180D')).find((x) => x.id === r.id)?.status).toBe('cancelled');
    clock.advance(61_000);
    expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O180D', key: key(), amount: after.due, cardId: 'CARD2' }),
    );
    expect((await k.ledger('O180D')).due).toBe(0);
  });

  it('a record of another order is 404', async () => {
    const r = await pending('O170');
    const res = await k.confirm('O174N', r.id, r.code);
    expect(res.status).toBe(404);
    await k.cancel('O170', r.id);
  });
});
