/**
 * Counters in windows of time, for rate limits and login-failure limits. The database
 * store is the default: every server process on one PostgreSQL counts against the same limit, and
 * each count is one upsert (atomic per key, so concurrent requests on several instances get
 * distinct counts). The memory store is for a limit that is meant per process (the page limit
 * protects that process's CPU) and for a deployment that wants no database round trip.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db';

export interface Count {
  /** Hits in the key's current window, this one included. */
  count: number;
  /** ms until the window ends. */
  ttlMs: number;
}

export interface CounterStore {
  /**
   * Counts one hit on `key`. A window starts at the first hit after the last one ended and lasts
   * windowMs; `slide`: every hit starts it again (a lock-out that lasts while the tries go on).
   */
  hit(key: string, windowMs: number, opts?: { slide?: boolean }): Promise<Count>;
  /** The current count without counting (0 when none or ended). */
  peek(key: string): Promise<Count>;
  /** Forgets the key (a successful login). */
  clear(key: string): Promise<void>;
  /** Removes ended windows; how many. */
  sweep(): Promise<number>;
}

const NONE: Count = { count: 0, ttlMs: 0 };

export function dbCounters(db: Db, now: () => Date): CounterStore {
  return {
    async hit(key, windowMs, opts = {}) {
      const at = now();
      const until = new Date(at.getTime() + windowMs);
      // An ended window starts again at 1; the comparison reads the row as it stood before this hit.
      const ended = sql<boolean>`rate_limits.reset_at <= ${at}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: until })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else rate_limits.count + 1 end`,
            reset_at: opts.slide
              ? until
              : sql<Date>`case when ${ended} then ${until} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return {
        count: row.count,
        ttlMs: Math.max(0, new Date(row.reset_at).getTime() - at.getTime()),
      };
    },
    async peek(key) {
      const at = now();
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', at)
        .executeTakeFirst();
      return row
        ? { count: row.count, ttlMs: new Date(row.reset_at).getTime() - at.getTime() }
        : NONE;
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async sweep() {
      const res = await db
        .deleteFrom('rate_limits')
        .where('reset_at', '<=', now())
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

/** Per process; at most `max` keys (ended windows go first, then the oldest). */
export function memoryCounters(now: () => Date, max = 100_000): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const t = now().getTime();
    let removed = 0;
    for (const [k, w] of windows) if (w.resetAt <= t && windows.delete(k)) removed++;
    return removed;
  };
  return {
    async hit(key, windowMs, opts = {}) {
      const t = now().getTime();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        if (!w && windows.size >= max && sweep() === 0)
          windows.delete(windows.keys().next().value ?? '');
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count++;
      if (opts.slide) w.resetAt = t + windowMs;
      return { count: w.count, ttlMs: w.resetAt - t };
    },
    async peek(key) {
      const t = now().getTime();
      const w = windows.get(key);
      return w && w.resetAt > t ? { count: w.count, ttlMs: w.resetAt - t } : NONE;
    },
    async clear(key) {
      windows.delete(key);
    },
    async sweep() {
      return sweep();
    },
  };
}

/**
 * @fastify/rate-limit's `store` option: a class it makes once (and per route with a limit of its
 * own, through child()), counting through `counters` under `prefix`.
 */
export function rateLimitStore(counters: CounterStore, prefix: string) {
  type Done = (err: Error | null, res: { current: number; ttl: number }) => void;
  return class CounterRateLimitStore {
    incr(key: string, done: Done, timeWindow: number): void {
      counters.hit(`${prefix}${key}`, timeWindow).then(
        (c) => done(null, { current: c.count, ttl: c.ttlMs }),
        (err: unknown) =>
          done(err instanceof Error ? err : new Error(String(err)), { current: 0, ttl: 0 }),
      );
    }
    read(key: string, done: Done): void {
      counters.peek(`${prefix}${key}`).then(
        (c) => done(null, { current: c.count, ttl: c.ttlMs }),
        (err: unknown) =>
          done(err instanceof Error ? err : new Error(String(err)), { current: 0, ttl: 0 }),
      );
    }
    child(): CounterRateLimitStore {
      return this;
    }
  };
}

/** Removes ended windows every 10 minutes (the database keeps one row per address otherwise); returns stop. */
export function startCounterSweep(
  counters: CounterStore,
  log: FastifyBaseLogger,
  everyMs = 10 * 60_000,
): () => void {
  const timer = setInterval(() => {
    counters.sweep().catch((err: unknown) => log.warn({ err }, 'rate-limit counter sweep failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
