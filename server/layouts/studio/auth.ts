/**
 * Operator credentials and tokens for the studio. Operators are not borrowers: the environment
 * defines the first account (STUDIO_USER, STUDIO_PASSWORD), `npm run studio:user` the others
 * (operators.ts); their session is an HttpOnly cookie on /studio whose token the database knows
 * (sessions.ts), and a borrower session never opens the studio.
 * Without STUDIO_PASSWORD a demo password is used, except under NODE_ENV=production, where the
 * studio is then off (docs/operators.md, "The studio").
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const DEMO_STUDIO_USER = 'operator';
export const DEMO_STUDIO_PASSWORD = 'kopa-studio-demo';
/** The demo's second publisher (operators.ts; only with the demo password, never in production). */
export const DEMO_REVIEWER = 'reviewer';
export const DEMO_REVIEWER_PASSWORD = 'kopa-studio-review';
export const STUDIO_COOKIE = 'kopa_studio';
export const SESSION_MS = 12 * 3600_000;
export const PREVIEW_MS = 30 * 60_000;

export interface StudioCredentials {
  user: string;
  password: string;
  /** The documented demo password is in use (printed at start as such). */
  demo: boolean;
}

export function studioCredentials(env: NodeJS.ProcessEnv): StudioCredentials | null {
  const user = env.STUDIO_USER?.trim() || DEMO_STUDIO_USER;
  if (env.STUDIO_PASSWORD) return { user, password: env.STUDIO_PASSWORD, demo: false };
  if (env.NODE_ENV === 'production') return null;
  return { user, password: DEMO_STUDIO_PASSWORD, demo: true };
}

/**
 * The studio cookie is `Secure` in production whatever the request's scheme (a proxy that forgot
 * X-Forwarded-Proto cannot turn it off); STUDIO_INSECURE_COOKIES=1 lets a local production trial
 * on plain http keep its login. Elsewhere it is `Secure` when the request came over https.
 */
export function secureCookiesFromEnv(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production' && env.STUDIO_INSECURE_COOKIES !== '1';
}

/** Equal-time comparison of two secrets of any length (hashes have one length). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(
    createHash('sha256').update(a).digest(),
    createHash('sha256').update(b).digest(),
  );
}

/** `<subject>.<expiry ms>.<hmac>`: the purpose is in the MAC, so a preview token is for nothing else. */
function sign(secret: string, purpose: string, subject: string, expires: number): string {
  const body = `${Buffer.from(subject).toString('base64url')}.${expires}`;
  const mac = createHmac('sha256', secret).update(`studio|${purpose}|${body}`).digest('base64url');
  return `${body}.${mac}`;
}

function verify(secret: string, purpose: string, token: string, now: number): string | null {
  const [subject64, expires, mac] = token.split('.');
  if (!subject64 || !expires || !mac || !/^[0-9]+$/.test(expires)) return null;
  const expected = sign(
    secret,
    purpose,
    Buffer.from(subject64, 'base64url').toString(),
    Number(expires),
  );
  if (!sameSecret(expected, token)) return null;
  if (Number(expires) <= now) return null;
  return Buffer.from(subject64, 'base64url').toString();
}

/** A link token that shows the draft of one layout for PREVIEW_MS, on any device. */
export function previewToken(
  secret: string,
  layout: string,
  now: number,
): { token: string; expires: number } {
  const expires = now + PREVIEW_MS;
  return { token: sign(secret, 'preview', layout, expires), expires };
}

export function previewAllows(secret: string, token: string, layout: string, now: number): boolean {
  return verify(secret, 'preview', token, now) === layout;
}

/** The value of one cookie from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** What the server prints at start: where the studio is and how to log in (never the real password). */
export function studioLoginHint(url: string, creds: StudioCredentials | null): string {
  if (!creds)
    return 'Layout studio: off (NODE_ENV=production without STUDIO_PASSWORD; set STUDIO_USER and STUDIO_PASSWORD to turn it on).';
  if (creds.demo)
    return `Layout studio: ${url}  user "${creds.user}", password "${DEMO_STUDIO_PASSWORD}" (the demo default: set STUDIO_USER and STUDIO_PASSWORD to change it); a second publisher to try the two-person publish: user "${DEMO_REVIEWER}", password "${DEMO_REVIEWER_PASSWORD}".`;
  return `Layout studio: ${url}  user "${creds.user}", with the password in STUDIO_PASSWORD.`;
}
