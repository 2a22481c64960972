/**
 * Who is calling: userId + sessionId from the query string must name a live session of a
 * user that is not deleted (401 otherwise). Orders must belong to that user (403).
 */
import type { ServerContext } from './context';
import type { Order } from './db/types';
import { badRequest, forbidden, notFound, unauthorized } from './errors';

export interface SessionUser {
  userId: string;
  sessionId: string;
  phone: string;
}

export async function requireUser(ctx: ServerContext, userId: string | undefined, sessionId: string | undefined): Promise<SessionUser> {
  if (!userId || !sessionId) throw unauthorized('Missing session: userId and sessionId are required.');
  const row = await ctx.db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as user_id', 'users.phone as phone'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw unauthorized('Unknown or expired session. Please log in again.');
  return { userId: row.user_id, sessionId, phone: row.phone };
}

export async function requireOrder(ctx: ServerContext, user: SessionUser, orderId: string | undefined): Promise<Order> {
  if (!orderId) throw badRequest('orderId: is required');
  const order = await ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound('Order not found.');
  if (order.user_id !== user.userId) throw forbidden('This order belongs to another user.');
  return order;
}
