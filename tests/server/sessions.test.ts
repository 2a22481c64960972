/** Sessions have an idle and an absolute lifetime; 401s say why (data.reason). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, fakeClock, startServer, USER, type TestServer } from './helpers';

const DAY = 86_400_000;
const clock = fakeClock();
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ now: clock.now });
});
afterAll(async () => {
  await s.close();
});

async function session(id: string, createdAgoMs: number, lastSeenAgoMs?: number) {
  const t = clock.now().getTime();
  await s.db
    .insertInto('sessions')
    .values({ id, user_id: USER.userId, revoked_at: null, created_at: new Date(t - createdAgoMs) })
    .execute();
  if (lastSeenAgoMs !== undefined) {
    await s.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(t - lastSeenAgoMs) })
      .where('id', '=', id)
      .execute();
  }
}
const plan = (sessionId: string) =>
  s.call(
    'installmentPlan',
    { productId: 'P002', orderId: 'O170' },
    { qs: `userId=${USER.userId}&sessionId=${sessionId}` },
  );

describe('session lifetime', () => {
  it('a 730-day-old session gets 401 with reason "expired" and a log-in message', async () => {
    await session('ancient', 730 * DAY, 60_000);
    const res = await plan('ancient');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: '401', data: { reason: 'expired' } });
    expect(res.body.message).toMatch(/expired.*log in/i);
  });

  it('an idle session (last seen 8 days ago) expires; a recently used one of the same age works', async () => {
    await session('idle', 20 * DAY, 8 * DAY);
    expect((await plan('idle')).body).toMatchObject({ code: '401', data: { reason: 'expired' } });
    await session('busy', 20 * DAY, 6 * DAY);
    expectSuccess('installmentPlan', await plan('busy'));
  });

  it('use keeps a session alive until the absolute lifetime, written at most once a minute', async () => {
    await session('daily', 0);
    const seen = async () =>
      (
        await s.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id', '=', 'daily')
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    expectSuccess('installmentPlan', await plan('daily'));
    const first = await seen();
    clock.advance(30_000);
    expectSuccess('installmentPlan', await plan('daily'));
    expect(await seen()).toEqual(first); // not a write on every request
    for (let d = 5; d <= 85; d += 5) {
      clock.advance(5 * DAY);
      expectSuccess('installmentPlan', await plan('daily'));
    }
    expect((await seen())?.getTime()).toBeGreaterThan(first?.getTime() ?? 0);
    clock.advance(4 * DAY);
    expectSuccess('installmentPlan', await plan('daily')); // 89 days old, used 4 days ago
    clock.advance(2 * DAY); // now past 90 days since creation
    expect((await plan('daily')).body).toMatchObject({ code: '401', data: { reason: 'expired' } });
  });

  it('missing and unknown sessions say so', async () => {
    const missing = await s.call(
      'installmentPlan',
      { productId: 'P002', orderId: 'O170' },
      { qs: '' },
    );
    expect(missing.body).toMatchObject({ code: '401', data: { reason: 'missing' } });
    expect((await plan('no-such-session')).body).toMatchObject({
      code: '401',
      data: { reason: 'unknown' },
    });
  });

  it('lifetimes are configurable', async () => {
    const a = await startServer({
      now: clock.now,
      sessionIdleMs: 60 * 60_000,
      sessionMaxAgeMs: 2 * DAY,
    });
    try {
      await a.db
        .insertInto('sessions')
        .values({ id: 'short', user_id: USER.userId, revoked_at: null, created_at: clock.now() })
        .execute();
      const call = () =>
        a.call(
          'installmentPlan',
          { productId: 'P002', orderId: 'O170' },
          { qs: `userId=${USER.userId}&sessionId=short` },
        );
      expectSuccess('installmentPlan', await call());
      clock.advance(61 * 60_000);
      expect((await call()).body).toMatchObject({ code: '401', data: { reason: 'expired' } });
    } finally {
      await a.close();
    }
  });

  it('the demo sessions keep working after a restart of an old data dir (a deleted account stays shut)', async () => {
    const a = await startServer({ now: clock.now });
    await a.close({ keepData: true });
    const old = new Date(clock.now().getTime() - 400 * DAY);
    clock.advance(400 * DAY); // the data dir is now 400 days old
    const b = await a.restart();
    try {
      // What deleting the account does: the borrower marked deleted, their sessions revoked.
      await b.db.updateTable('users').set({ deleted_at: old }).where('id', '=', '10002').execute();
      await b.db
        .updateTable('sessions')
        .set({ revoked_at: old })
        .where('id', '=', 'demo-session-2')
        .execute();
      expectSuccess(
        'installmentPlan',
        await b.call('installmentPlan', { productId: 'P002', orderId: 'O170' }),
      );
      await b.close({ keepData: true });
      clock.advance(200 * DAY);
      const c = await b.restart();
      try {
        expectSuccess(
          'installmentPlan',
          await c.call('installmentPlan', { productId: 'P002', orderId: 'O170' }),
        );
        expect(
          (
            await c.call(
              'loanDetails',
              { orderId: 'O2170' },
              { qs: 'userId=10002&sessionId=demo-session-2' },
            )
          ).status,
        ).toBe(401);
      } finally {
        await c.close();
      }
    } catch (e) {
      await b.close().catch(() => undefined);
      throw e;
    }
  });
});
