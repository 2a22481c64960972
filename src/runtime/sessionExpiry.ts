import type { PageRuntime } from './pageRuntime';
import type { CallResult } from './env';
import { msg } from '@kopa/format';

/** What the page says when the server's own 401 message is not meant for borrowers. */
export const SESSION_EXPIRED_MESSAGE = msg('session.expired');

/**
 * A 401 message is shown as it is only when it reads like a sentence for people: short, no
 * markup or JSON, and no field names (`userId`, `session_id`) or code-like tokens that only a
 * developer would understand ("Missing session: userId and sessionId are required.").
 */
export function messageForPeople(text: string | undefined): string | undefined {
  const t = (text ?? '').trim();
  if (t === '' || t.length > 200) return undefined;
  if (/[<>{}[\]`\\]/.test(t)) return undefined;
  if (/\b[a-z]+[A-Z][A-Za-z0-9]*\b/.test(t)) return undefined; // camelCase identifiers
  if (/\w_\w/.test(t)) return undefined; // snake_case identifiers
  if (/\b(?:error|exception|stack|null|undefined|token|jwt)\b/i.test(t)) return undefined;
  return /[A-Za-z\u00C0-\uFFFF]/.test(t) ? t : undefined;
}

/** HTTP status 401, with or without an envelope, is the signal that the session is gone. */
export function isSessionExpired(result: CallResult): boolean {
  return !result.ok && result.status === 401;
}

/**
 * Turns the page into its session-expired state (PageBody shows a way out: log in or close,
 * never a Retry that can only fail again) and closes its dialogs. Returns true when `result`
 * was a 401, so the caller stops: no onError, no toast the borrower cannot act on.
 */
export function handleSessionExpired(runtime: PageRuntime, result: CallResult): boolean {
  if (!isSessionExpired(result)) return false;
  const message = messageForPeople(
    !result.ok && result.kind === 'server' ? (result.serverMessage ?? result.message) : undefined,
  );
  runtime.store.update((d) => {
    if (!d.session.expired)
      d.session = { expired: true, message: message ?? msg('session.expired') };
    for (const name of Object.keys(d.dialogs)) d.dialogs[name] = false;
  });
  return true;
}
