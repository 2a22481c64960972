/**
 * Failed studio logins, counted per address and per account name:
 * guesses spread over many addresses still lock the account they aim at. Every try counts before
 * the password is read, in the server's counter store (server/http/counters.ts: the database by
 * default, so every instance shares one count); a good login clears both counts. The eleventh try
 * within 15 minutes is refused, and each refused try keeps the lock for 15 minutes more.
 */
import type { CounterStore } from '../../http/counters';
import { unauthorized, type ApiError } from '../../core/errors';
import { studioLoginFailures, studioLoginLockouts } from '../../metrics/registry';

const LOGIN_TRIES = 10;
const LOGIN_WINDOW_MS = 15 * 60_000;

type LoginLock = { kind: 'address' } | { kind: 'account'; name: string } | null;

/** Names as typed differ in case and spaces only in ways that must not reset the count. */
const accountKey = (name: string) =>
  `studio-login:account:${name.trim().toLowerCase().slice(0, 64)}`;
const addressKey = (ip: string) => `studio-login:address:${ip}`;

export function loginLimiter(counters: CounterStore) {
  return {
    /** Counts this try for its address and its account; a lock when either is past the limit. */
    async attempt(ip: string, name: string): Promise<LoginLock> {
      const address = await counters.hit(addressKey(ip), LOGIN_WINDOW_MS, { slide: true });
      const account = await counters.hit(accountKey(name), LOGIN_WINDOW_MS, { slide: true });
      const lock: LoginLock =
        address.count > LOGIN_TRIES
          ? { kind: 'address' }
          : account.count > LOGIN_TRIES
            ? { kind: 'account', name: name.trim() }
            : null;
      if (lock) studioLoginLockouts.inc({ kind: lock.kind });
      return lock;
    },
    async succeeded(ip: string, name: string): Promise<void> {
      await counters.clear(addressKey(ip));
      await counters.clear(accountKey(name));
    },
  };
}

export function lockMessage(lock: NonNullable<LoginLock>): string {
  if (lock.kind === 'address') return 'Too many failed logins; try again in 15 minutes.';
  return `Too many failed logins for "${lock.name}": this account is locked for 15 minutes after the last failed try, even with the right password. Another operator can go on working meanwhile.`;
}

/** The refusal of a wrong user name or password, counted for the operators (kopa_studio_login_failures_total). */
export function loginFailed(): ApiError {
  studioLoginFailures.inc();
  return unauthorized('Wrong user name or password.');
}
