/**
 * Parallel card repayments never book more than the amount due, on PGlite and on
 * PostgreSQL (DATABASE_URL). CARD2 (M-Pesa wallet) needs no SMS code below the policy threshold,
 * so every commit books at once: the order row lock is all that stands between them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, smsCode, startServer, USER, type TestServer } from './helpers';
import { ipOf, repayKit } from './repayment-kit';

let s: TestServer;
const k = repayKit(() => s);
const DB = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const report = (label: string, booked: number, due: number) =>
  console.log(`[race ${DB}] ${label}: booked ${booked} vs due ${due}`);

async function parallel(n: number, make: (i: number) => Parameters<typeof k.commit>[0]) {
  return Promise.all(
    Array.from({ length: n }, (_, i) => k.commit({ ...make(i), ip: ipOf(i + 1) })),
  );
}

describe('parallel commits with different keys', () => {
  it('200 commits of the full amount due book it exactly once', async () => {
    const before = await k.ledger('O174N');
    expect(before.due).toBe(33_000_000);
    const res = await parallel(200, (i) => ({
      orderId: 'O174N',
      key: `full-due-${String(i).padStart(4, '0')}`,
      amount: before.due,
      cardId: 'CARD2',
    }));
    const after = await k.ledger('O174N');
    report('200 x full due, different keys', after.booked, before.due);
    expect(res.filter((r) => r.body.code === '00')).toHaveLength(1);
    // The losers are told why: nothing left (800001) or more than what is left (400).
    for (const r of res.filter((x) => x.body.code !== '00'))
      expect(['800001', '400']).toContain(String(r.body.code));
    expect(after.booked).toBe(before.due);
    expect(after.paid).toBe(after.total);
    expect(after.status).toBe(200);
  });

  it('200 commits of a portion book at most the amount due (exact multiple: settles)', async () => {
    const before = await k.ledger('O170');
    expect(before.due).toBe(22_000_000);
    await parallel(200, (i) => ({
      orderId: 'O170',
      key: `portion-a-${String(i).padStart(4, '0')}`,
      amount: 1_000_000,
      cardId: 'CARD2',
    }));
    const after = await k.ledger('O170');
    report('200 x 1.000.000, different keys', after.booked, before.due);
    expect(after.booked).toBe(before.due);
    expect(after.paid - before.paid).toBe(after.booked);
    expect(after.status).toBe(200);
  });

  it('200 commits of a portion that does not divide the due stop below it', async () => {
    const before = await k.ledger('O180D');
    expect(before.due).toBe(44_000_000);
    await parallel(200, (i) => ({
      orderId: 'O180D',
      key: `portion-b-${String(i).padStart(4, '0')}`,
      amount: 3_000_000,
      cardId: 'CARD2',
    }));
    const after = await k.ledger('O180D');
    report('200 x 3.000.000, different keys', after.booked, before.due);
    expect(after.booked).toBe(42_000_000);
    expect(after.paid - before.paid).toBe(after.booked);
    expect(after.due).toBe(2_000_000);
  });
});

describe('parallel commits with one key', () => {
  it('1000 commits with the same key book the amount due once and answer the same record', async () => {
    const before = await k.ledger('O180N');
    expect(before.due).toBe(11_000_000);
    const res = await parallel(1000, () => ({
      orderId: 'O180N',
      key: 'one-key-for-all-1000',
      amount: before.due,
      cardId: 'CARD2',
    }));
    const after = await k.ledger('O180N');
    report('1000 x full due, same key', after.booked, before.due);
    const ids = new Set(
      res.map(
        (r) => (expectSuccess('repaymentCommit', r) as { repayRecordId: string }).repayRecordId,
      ),
    );
    expect(ids.size).toBe(1);
    expect(
      (await k.rows('O180N')).filter((r) => r.idempotency_key === 'one-key-for-all-1000'),
    ).toHaveLength(1);
    expect(after.booked).toBe(before.due);
    expect(after.paid).toBe(after.total);
  });
});

describe('parallel confirms', () => {
  it('50 confirms of one pending record with its code book it once', async () => {
    const before = await k.ledger('O174D');
    const c = expectSuccess(
      'repaymentCommit',
      await k.commit({
        orderId: 'O174D',
        key: 'confirm-race-0001',
        amount: before.due,
        cardId: 'CARD1',
      }),
    ) as { needValid: number; repayRecordId: string };
    expect(c.needValid).toBe(1);
    const code = await smsCode(s, USER.phone);
    const res = await Promise.all(
      Array.from({ length: 50 }, () => k.confirm('O174D', c.repayRecordId, code)),
    );
    expect(res.every((r) => r.body.code === '00')).toBe(true);
    const after = await k.ledger('O174D');
    report('50 confirms of one record', after.booked, before.due);
    expect(after.booked).toBe(before.due);
    expect(after.paid - before.paid).toBe(before.due);
  });
});
