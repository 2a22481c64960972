/**
 * Who is calling: userId + sessionId from the query string must name a live session of a
 * user that is not deleted (401 otherwise). Orders must belong to that user (403).
 *
 * Sessions end after an idle lifetime (no request for that long) and an absolute lifetime (since
 * created), both configurable. A 401 carries data.reason, so the page can offer "log in" or
 * "close" instead of a Retry loop: 'missing' (no userId/sessionId), 'unknown' (no such live
 * session: never existed, revoked, or the account was deleted), 'expired' (idle or too old).
 */
import type { ServerContext } from './context';
import type { Db } from '../db';
import { prepared } from '../db/prepared';
import type { Order, Product } from '../db/types';
import { ApiError, badRequest, forbidden, notFound } from '../core/errors';
import type { SessionUser } from '../domain/borrower';
import { ownedOrder } from '../domain/orders';

/** What the order's screens show of its product. */
export type OrderProduct = Pick<Product, 'id' | 'name' | 'logo'>;

export type { SessionUser };

export type SessionEndReason = 'missing' | 'unknown' | 'expired';

/** A 401 whose envelope carries { reason } in data (errorHandler sends it). */
export class SessionError extends ApiError {
  readonly data: { reason: SessionEndReason };
  constructor(reason: SessionEndReason, message: string) {
    super(401, '401', message);
    this.data = { reason };
  }
}

/** last_seen_at is written only when older than this: a read per request, not a write. */
const TOUCH_EVERY_MS = 60_000;

const sessionQuery = prepared((db: Db, sessionId: string, userId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id as user_id',
      'users.phone as phone',
      'sessions.created_at',
      'sessions.last_seen_at',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('users.deleted_at', 'is', null),
);

const orderWithProductQuery = prepared((db: Db, orderId: string) =>
  db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .selectAll('orders')
    .select(['products.name as product_name', 'products.logo as product_logo'])
    .where('orders.id', '=', orderId),
);

export async function requireUser(
  ctx: ServerContext,
  userId: string | undefined,
  sessionId: string | undefined,
): Promise<SessionUser> {
  if (!userId || !sessionId)
    throw new SessionError(
      'missing',
      'Missing session: userId and sessionId are required. Please log in.',
    );
  const [row] = await sessionQuery(ctx.db, sessionId, userId);
  if (!row) throw new SessionError('unknown', 'Unknown session. Please log in again.');
  const now = ctx.now();
  const lastSeen = row.last_seen_at ?? row.created_at;
  const life = ctx.sessionLifetimes;
  if (
    now.getTime() - row.created_at.getTime() > life.absoluteMs ||
    now.getTime() - lastSeen.getTime() > life.idleMs
  ) {
    throw new SessionError('expired', 'Your session has expired. Please log in again.');
  }
  if (now.getTime() - lastSeen.getTime() >= TOUCH_EVERY_MS) {
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', sessionId)
      .execute();
  }
  return { userId: row.user_id, sessionId, phone: row.phone };
}

/** requireOrder with its product's name and logo in the same query (a join, not a second read). */
export async function requireOrderWithProduct(
  ctx: ServerContext,
  user: SessionUser,
  orderId: string | undefined,
): Promise<{ order: Order; product: OrderProduct }> {
  if (!orderId) throw badRequest('orderId: is required');
  const [row] = await orderWithProductQuery(ctx.db, orderId);
  if (!row) throw notFound('Order not found.');
  if (row.user_id !== user.userId) throw forbidden('This order belongs to another user.');
  const { product_name: name, product_logo: logo, ...order } = row;
  return { order, product: { id: order.product_id, name, logo } };
}

export async function requireOrder(
  ctx: ServerContext,
  user: SessionUser,
  orderId: string | undefined,
): Promise<Order> {
  return ownedOrder(ctx.db, user.userId, orderId);
}
