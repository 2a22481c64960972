/**
 * More than one instance: the API's rate limit and the studio's failed-login limit are
 * counted in the database (server/http/counters.ts), so N instances on one PostgreSQL allow the
 * limit once, not N times. The counters themselves run on PGlite and PostgreSQL (and the memory
 * store for per-process limits); the two-instance tests need PostgreSQL (DATABASE_URL).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dbCounters, memoryCounters, type CounterStore } from '../../server/http/counters';
import { DEMO_STUDIO_PASSWORD, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { fakeClock, startServer, type TestServer } from './helpers';

/** Servers that own their data (closed last, dropping it) and further instances on the same data. */
const owners: TestServer[] = [];
const extras: TestServer[] = [];
afterEach(async () => {
  for (const s of extras.splice(0)) await s.close({ keepData: true });
  for (const s of owners.splice(0)) await s.close();
});

const MINUTE = 60_000;

describe.each([
  [
    'database',
    async (now: () => Date) => {
      const s = await startServer();
      owners.push(s);
      return dbCounters(s.db, now);
    },
  ],
  ['memory', async (now: () => Date) => memoryCounters(now)],
] as const)('%s counters', (_name, make) => {
  let clock: ReturnType<typeof fakeClock>;
  let c: CounterStore;
  const setup = async () => {
    clock = fakeClock(Date.parse('2026-11-27T12:00:00Z'));
    c = await make(clock.now);
  };

  it('count hits in a window that starts at the first hit and ends windowMs later', async () => {
    await setup();
    expect(await c.hit('a', MINUTE)).toEqual({ count: 1, ttlMs: MINUTE });
    clock.advance(20_000);
    expect(await c.hit('a', MINUTE)).toEqual({ count: 2, ttlMs: 40_000 });
    expect(await c.hit('b', MINUTE)).toEqual({ count: 1, ttlMs: MINUTE });
    expect(await c.peek('a')).toEqual({ count: 2, ttlMs: 40_000 });
    clock.advance(40_000);
    expect(await c.peek('a')).toEqual({ count: 0, ttlMs: 0 });
    expect(await c.hit('a', MINUTE)).toEqual({ count: 1, ttlMs: MINUTE });
  });

  it('slide: every hit starts the window again; clear forgets; sweep removes ended windows only', async () => {
    await setup();
    await c.hit('s', MINUTE, { slide: true });
    clock.advance(50_000);
    expect(await c.hit('s', MINUTE, { slide: true })).toEqual({ count: 2, ttlMs: MINUTE });
    clock.advance(50_000);
    expect((await c.peek('s')).count).toBe(2);
    await c.clear('s');
    expect((await c.peek('s')).count).toBe(0);
    await c.hit('old', 1000);
    await c.hit('live', MINUTE);
    clock.advance(2000);
    expect(await c.sweep()).toBe(1);
    expect((await c.peek('live')).count).toBe(1);
  });
});

describe('the API limit is counted in the database', () => {
  it('a restart does not reset it (the count is not in the process)', async () => {
    const a = await startServer({ apiRateLimit: 3 });
    for (let i = 0; i < 3; i++)
      expect((await a.call('contactKfInfo', { overall: 30 })).status).toBe(200);
    await a.close({ keepData: true });
    const b = await a.restart({ apiRateLimit: 3 });
    owners.push(b);
    const refused = await b.call('contactKfInfo', { overall: 30 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests; retry in \d+ s\.$/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances on one PostgreSQL share the limits',
  () => {
    const two = async (extra: Parameters<typeof startServer>[0] = {}) => {
      const a = await startServer(extra);
      owners.push(a);
      const b = await a.restart(extra);
      extras.push(b);
      return [a, b] as const;
    };

    it('the API limit: 10 a minute in all, whichever instance is asked, also when asked at once', async () => {
      const [a, b] = await two({ apiRateLimit: 10 });
      // One after the other, taking turns: each instance alone would allow 10.
      const inTurn = [];
      for (let i = 0; i < 12; i++)
        inTurn.push((await (i % 2 ? b : a).call('contactKfInfo', { overall: 30 })).status);
      expect(inTurn.filter((x) => x === 200)).toHaveLength(10);
      expect(inTurn.slice(10)).toEqual([429, 429]);

      // All at once from another address: exactly the limit gets through.
      const [c, d] = await two({ apiRateLimit: 10 });
      const at = (s: TestServer) =>
        s.inject({
          method: 'POST',
          url: '/vexed/v3/personal-center/contact-kf-info',
          payload: { overall: 30 },
          remoteAddress: '10.0.0.7',
        });
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => at(i % 2 ? d : c)));
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(10);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(20);
    });

    it('the studio: ten failed logins across both instances lock the login on both, even with the right password', async () => {
      const [a, b] = await two();
      const attempt = (s: TestServer, password: string) =>
        s.inject({
          method: 'POST',
          url: '/studio/api/login',
          payload: { user: DEMO_STUDIO_USER, password },
        });
      for (let i = 0; i < 10; i++)
        expect((await attempt(i % 2 ? b : a, `wrong-${i}`)).statusCode).toBe(401);
      for (const s of [a, b]) {
        const locked = await attempt(s, DEMO_STUDIO_PASSWORD);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toMatchObject({
          message: 'Too many failed logins; try again in 15 minutes.',
        });
      }
    });

    it('the studio: twenty tries at once across both instances, the password checked for ten at most', async () => {
      const [a, b] = await two();
      const tries = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? b : a).inject({
            method: 'POST',
            url: '/studio/api/login',
            payload: { user: DEMO_STUDIO_USER, password: `wrong-${i}` },
          }),
        ),
      );
      // Each try counts for its address and for its account, atomically, before the password is
      // read: a try goes on only while both counts are within ten, so at most ten are checked (the
      // two counts' orders may differ under concurrency, so a few fewer is possible).
      const checked = tries.filter((r) => r.statusCode === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(checked).toBeGreaterThan(0);
      expect(tries.filter((r) => r.statusCode === 429)).toHaveLength(20 - checked);
    });
  },
);
