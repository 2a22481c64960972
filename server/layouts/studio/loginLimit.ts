/**
 * Failed studio logins, counted per address and per account name (issue 32.4): guesses spread
 * over many addresses still lock the account they aim at. Ten failures within 15 minutes lock that
 * address, or that account (even with the right password), until 15 minutes after the last one.
 * The counts are in this process's memory behind a small store interface, so a shared store
 * (issue 32.6) can replace it without touching the login handler.
 */
const LOGIN_TRIES = 10;
const LOGIN_WINDOW_MS = 15 * 60_000;

type LoginLock = { kind: 'address' } | { kind: 'account'; name: string } | null;

interface LoginFailureStore {
  /** Failures counted for `key` whose window has not ended. */
  count(key: string, now: number): Promise<number>;
  /** One more failure for `key`; the window restarts. */
  add(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export function memoryFailureStore(): LoginFailureStore {
  const failures = new Map<string, { count: number; until: number }>();
  return {
    async count(key, now) {
      const f = failures.get(key);
      return f && f.until > now ? f.count : 0;
    },
    async add(key, now) {
      // Bounded: expired entries go when the map grows (many addresses or names tried).
      if (failures.size > 10_000) for (const [k, v] of failures) if (v.until <= now) failures.delete(k);
      const f = failures.get(key);
      failures.set(key, { count: f && f.until > now ? f.count + 1 : 1, until: now + LOGIN_WINDOW_MS });
    },
    async clear(key) {
      failures.delete(key);
    },
  };
}

/** Names as typed differ in case and spaces only in ways that must not reset the count. */
const accountKey = (name: string) => `account:${name.trim().toLowerCase().slice(0, 64)}`;
const addressKey = (ip: string) => `address:${ip}`;

export function loginLimiter(store: LoginFailureStore) {
  return {
    async locked(ip: string, name: string, now: number): Promise<LoginLock> {
      if ((await store.count(addressKey(ip), now)) >= LOGIN_TRIES) return { kind: 'address' };
      if ((await store.count(accountKey(name), now)) >= LOGIN_TRIES) return { kind: 'account', name: name.trim() };
      return null;
    },
    async failed(ip: string, name: string, now: number): Promise<void> {
      await store.add(addressKey(ip), now);
      await store.add(accountKey(name), now);
    },
    async succeeded(ip: string, name: string): Promise<void> {
      await store.clear(addressKey(ip));
      await store.clear(accountKey(name));
    },
  };
}

export function lockMessage(lock: NonNullable<LoginLock>): string {
  if (lock.kind === 'address') return 'Too many failed logins; try again in 15 minutes.';
  return `Too many failed logins for "${lock.name}": this account is locked for 15 minutes after the last failed try, even with the right password. Another operator can go on working meanwhile.`;
}
