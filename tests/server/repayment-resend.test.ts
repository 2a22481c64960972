/**
 * A borrower whose SMS never arrived can always pay. Resend gives the same pending
 * record a new code (old one dead, SMS limits apply, expiry restarts); Cancel voids the record and
 * frees the order at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectSuccess, fakeClock, smsCode, startServer, USER, type TestServer } from './helpers';
import { repayKit } from './repayment-kit';

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
}); // a fresh hour of SMS limits per test

type Commit = { needValid: number; repayRecordId: string };
let n = 0;
const key = () => `resend-key-${String(++n).padStart(4, '0')}`;

async function pending(orderId: string, amount = 500_000): Promise<{ id: string; code: string }> {
  const c = expectSuccess(
    'repaymentCommit',
    await k.commit({ orderId, key: key(), amount, cardId: 'CARD1' }),
  ) as Commit;
  expect(c.needValid).toBe(1);
  return { id: c.repayRecordId, code: await smsCode(s, USER.phone) };
}

describe('repayment-resend', () => {
  it('after the 60 s countdown sends a new code for the same record; the old code is dead', async () => {
    const r = await pending('O170');
    clock.advance(61_000);
    const res = expectSuccess('repaymentResend', await k.resend('O170', r.id)) as {
      repayRecordId: string;
      expiresIn: number;
    };
    expect(res.repayRecordId).toBe(r.id);
    expect(res.expiresIn).toBe(600);
    const fresh = await smsCode(s, USER.phone);
    if (fresh !== r.code) expect((await k.confirm('O170', r.id, r.code)).body.code).toBe('800006');
    expect((await k.rows('O170')).filter((x) => x.status === 'pending')).toHaveLength(1);
    expectSuccess('repaymentConfirm', await k.confirm('O170', r.id, fresh));
    expect((await k.ledger('O170')).booked).toBe(500_000);
  });

  it('within the minute it is refused with 429 and a reason, and no code is sent', async () => {
    const r = await pending('O170');
    const res = await k.resend('O170', r.id);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/wait a minute/i);
    expect(await smsCode(s, USER.phone)).toBe(r.code);
    expectSuccess('repaymentConfirm', await k.confirm('O170', r.id, r.code));
  });

  it('restarts the record expiry: confirm works 9 + 9 minutes after the commit', async () => {
    const r = await pending('O170');
    clock.advance(9 * 60_000);
    expectSuccess('repaymentResend', await k.resend('O170', r.id));
    clock.advance(9 * 60_000);
    expectSuccess('repaymentConfirm', await k.confirm('O170', r.id, await smsCode(s, USER.phone)));
  });

  it('answers 800007 for a paid record and 800008 for an expired one', async () => {
    const paid = await pending('O170');
    expectSuccess('repaymentConfirm', await k.confirm('O170', paid.id, paid.code));
    clock.advance(61_000);
    const again = await k.resend('O170', paid.id);
    expect(again.body).toMatchObject({
      code: '800007',
      message: 'This repayment is already completed.',
    });
    clock.advance(61_000);
    const old = await pending('O170');
    clock.advance(11 * 60_000);
    const late = await k.resend('O170', old.id);
    expect(late.body).toMatchObject({
      code: '800008',
      message: 'This repayment request has expired. Please start the payment again.',
    });
  });

  it("refuses another user's record", async () => {
    const r = await pending('O170');
    const res = await s.call(
      'repaymentResend',
      { orderId: 'O170', repaymentRecordId: r.id },
      { qs: 'userId=10002&sessionId=demo-session-2' },
    );
    expect(res.status).toBe(403);
    await k.cancel('O170', r.id);
  });
});

describe('repayment-cancel', () => {
  it('voids the pending record and frees the order at once (no 10-minute lock)', async () => {
    const r = await pending('O174N');
    const res = expectSuccess('repaymentCancel', await k.cancel('O174N', r.id)) as {
      status: string;
    };
    expect(res.status).toBe('cancelled');
    expect((await k.rows('O174N')).find((x) => x.id === r.id)?.status).toBe('cancelled');
    clock.advance(61_000);
    const next = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O174N', key: key(), amount: 500_000, cardId: 'CARD1' }),
    ) as Commit;
    expect(next.repayRecordId).not.toBe(r.id);
    // The cancelled record's code confirms nothing.
    const dead = await k.confirm('O174N', r.id, r.code);
    expect(dead.body.code).toBe('800008');
    expectSuccess(
      'repaymentConfirm',
      await k.confirm('O174N', next.repayRecordId, await smsCode(s, USER.phone)),
    );
    expect((await k.ledger('O174N')).booked).toBe(500_000);
  });

  it('is idempotent; an expired record answers "expired"; a paid one 800007', async () => {
    const r = await pending('O174N');
    expect(
      (expectSuccess('repaymentCancel', await k.cancel('O174N', r.id)) as { status: string })
        .status,
    ).toBe('cancelled');
    expect(
      (expectSuccess('repaymentCancel', await k.cancel('O174N', r.id)) as { status: string })
        .status,
    ).toBe('cancelled');
    clock.advance(61_000);
    const old = await pending('O174N');
    clock.advance(11 * 60_000);
    expect(
      (expectSuccess('repaymentCancel', await k.cancel('O174N', old.id)) as { status: string })
        .status,
    ).toBe('expired');
    clock.advance(61_000);
    const paid = await pending('O174N');
    expectSuccess('repaymentConfirm', await k.confirm('O174N', paid.id, paid.code));
    expect((await k.cancel('O174N', paid.id)).body).toMatchObject({
      code: '800007',
      message: 'This repayment is already completed.',
    });
  });

  it('a wrong record id for the order is 404', async () => {
    const res = await k.cancel('O174N', 'R-does-not-exist');
    expect(res.status).toBe(404);
  });
});

/*
 * the borrower left the code dialog by closing the page (no Cancel) and pays
 * again at once. Never "do not submit the repayment request twice" for the pending record's 10
 * minutes; and whatever is confirmed, the order is booked once.
 */
describe('paying again after leaving the code dialog without Cancel', () => {
  it('the same amount and card resume the pending record at once: same record, no new SMS, booked once', async () => {
    const before = (await k.ledger('O174N')).booked;
    const r = await pending('O174N');
    const again = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O174N', key: key(), amount: 500_000, cardId: 'CARD1' }),
    ) as Commit;
    expect(again).toEqual({ needValid: 1, repayRecordId: r.id });
    expect(await smsCode(s, USER.phone)).toBe(r.code);
    expect((await k.rows('O174N')).filter((x) => x.status === 'pending')).toHaveLength(1);
    expectSuccess('repaymentConfirm', await k.confirm('O174N', again.repayRecordId, r.code));
    // Confirming "both" pages' record again books nothing more.
    expect((await k.confirm('O174N', r.id, otherCodeOf(r.code))).body.code).toBe('800007');
    expect((await k.ledger('O174N')).booked - before).toBe(500_000);
  });

  it('another amount cancels the old request (its code confirms nothing) and starts the new one', async () => {
    const r = await pending('O170', 400_000);
    clock.advance(61_000);
    const next = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O170', key: key(), amount: 300_000, cardId: 'CARD1' }),
    ) as Commit;
    expect(next.repayRecordId).not.toBe(r.id);
    const rows = await k.rows('O170');
    expect(rows.find((x) => x.id === r.id)?.status).toBe('cancelled');
    expect(rows.filter((x) => x.status === 'pending').map((x) => x.id)).toEqual([
      next.repayRecordId,
    ]);
    expect((await k.confirm('O170', r.id, r.code)).body.code).toBe('800008');
    const before = (await k.ledger('O170')).booked;
    expectSuccess(
      'repaymentConfirm',
      await k.confirm('O170', next.repayRecordId, await smsCode(s, USER.phone)),
    );
    expect((await k.ledger('O170')).booked - before).toBe(300_000);
  });

  it('parallel submissions of one payment with different keys share one record and book it once', async () => {
    const before = (await k.ledger('O180N')).booked;
    const t = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        k.commit({ orderId: 'O180N', key: `${key()}-${i}`, amount: 1_000_000, cardId: 'CARD1' }),
      ),
    );
    const ids = new Set(
      t.map((r) => (expectSuccess('repaymentCommit', r) as Commit).repayRecordId),
    );
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expectSuccess('repaymentConfirm', await k.confirm('O180N', id!, await smsCode(s, USER.phone)));
    expect(
      (await k.rows('O180N')).filter((x) => x.status === 'success' && x.id === id),
    ).toHaveLength(1);
    expect((await k.ledger('O180N')).booked - before).toBe(1_000_000);
  });
});

const otherCodeOf = (code: string) =>
  code
    .split('')
    .map((d) => String((Number(d) + 1) % 10))
    .join('');
