/**
 * Studio sessions on the database: the cookie holds a random token, the table its
 * sha256; every studio request looks it up, so a logout, a disabled account or a new password ends
 * the session at once, on every instance, instead of 12 hours later.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { requestScheme } from '../../http/trustProxy';
import { SESSION_MS, STUDIO_COOKIE } from './auth';
import type { Operator } from './operators';

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openSession(db: Db, operator: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('studio_sessions')
    .values({ id: idOf(token), operator, expires_at: new Date(now + SESSION_MS) })
    .execute();
  return token;
}

/** The operator of a live session, or null (unknown, expired, revoked, or the account disabled). */
export async function sessionOperator(
  db: Db,
  token: string,
  now: number,
): Promise<Operator | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom('studio_sessions')
    .innerJoin('studio_operators', 'studio_operators.name', 'studio_sessions.operator')
    .select(['studio_operators.name', 'studio_operators.role'])
    .where('studio_sessions.id', '=', idOf(token))
    .where('studio_sessions.revoked_at', 'is', null)
    .where('studio_sessions.expires_at', '>', new Date(now))
    .where('studio_operators.disabled_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeSession(db: Db, token: string, now: number): Promise<void> {
  await db
    .updateTable('studio_sessions')
    .set({ revoked_at: new Date(now) })
    .where('id', '=', idOf(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The cookie for a studio session (or its removal, maxAge 0). `Secure` when `alwaysSecure`
 * (production, unless STUDIO_INSECURE_COOKIES=1: auth.ts) or when the request came over https: the
 * socket's own TLS, or X-Forwarded-Proto in any letter case from a proxy TRUST_PROXY names
 * (Fastify reads that header only from those addresses: server/http/trustProxy.ts).
 */
export function sessionCookie(
  req: FastifyRequest,
  token: string,
  maxAgeMs: number,
  alwaysSecure: boolean,
): string {
  const secure = alwaysSecure || requestScheme(req) === 'https' ? '; Secure' : '';
  return `${STUDIO_COOKIE}=${token}; Path=/studio; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure}`;
}
