/** Opaque ids and the repayToken (bound to user + order by an HMAC, so it cannot be forged). */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

export function randomId(prefix: string, bytes = 8): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

/**
 * The server secret lives in the database so tokens survive restarts (created once). Read at
 * start by buildServer (ctx.secret), not per request.
 */
export async function serverSecret(db: Db): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirst();
  if (row && typeof row.value === 'string') return row.value;
  const secret = randomBytes(32).toString('hex');
  await db
    .insertInto('settings')
    .values({ key: 'secret', value: JSON.stringify(secret) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const again = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirstOrThrow();
  return String(again.value);
}

export function repayToken(secret: string, userId: string, orderId: string): string {
  return createHmac('sha256', secret)
    .update(`repay|${userId}|${orderId}`)
    .digest('hex')
    .slice(0, 32);
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
