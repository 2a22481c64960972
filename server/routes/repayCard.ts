/**
 * Repayment by card (spec 7 "Repayment by card", success code "00"): repayment-way,
 * repayment-commit (Idempotency-Key; 800005), repayment-confirm (800006/800008/800009),
 * repayment-resend and repayment-cancel (800007/800008), repayment-huichao.
 *
 * Here: the routes' registration, the repayment way and Huichao's payment page. The commit is in
 * repayCommit.ts, what follows a pending one in repayPending.ts, and the money rule every write
 * follows in repayRules.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import type { Order } from '../db/types';
import { userEndpoint, type Handler } from '../http/endpoint';
import { forbidden } from '../core/errors';
import { maskCardNo } from '../domain/format';
import { installmentsOf, outstanding, REPAYABLE } from '../domain/orders';
import { randomId, repayToken } from '../domain/tokens';
import { requireOrder, type SessionUser } from '../http/session';
import { repaymentCommit } from './repayCommit';
import { repaymentCancel, repaymentConfirm, repaymentResend } from './repayPending';
import { checkAmount, nothingToRepay } from './repayRules';

export function registerRepayCard(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(app, ctx, 'repaymentWay', repaymentWay(ctx));
  userEndpoint(app, ctx, 'repaymentCommit', repaymentCommit(ctx));
  userEndpoint(app, ctx, 'repaymentConfirm', repaymentConfirm(ctx));
  userEndpoint(app, ctx, 'repaymentResend', repaymentResend(ctx));
  userEndpoint(app, ctx, 'repaymentCancel', repaymentCancel(ctx));
  userEndpoint(app, ctx, 'repaymentHuichao', repaymentHuichao(ctx));
}

/** The borrower's cards (masked), the repay token of the order and what is due on it. */
const repaymentWay =
  (ctx: ServerContext): Handler<'repaymentWay', SessionUser> =>
  async ({ query, user }) => {
    const order = await requireOrder(ctx, user, query.orderId);
    const cards = await ctx.db
      .selectFrom('cards')
      .selectAll()
      .where('user_id', '=', user.userId)
      .orderBy('created_at')
      .execute();
    return {
      alipay: 1,
      repayToken: repayToken(ctx.secret, user.userId, order.id),
      bankCards: cards.map((c) => ({
        id: c.id,
        bankName: c.bank_name,
        cardNo: maskCardNo(c.card_no),
        bankCode: c.bank_code,
      })),
      amount: REPAYABLE.has(order.status)
        ? outstanding(order, await installmentsOf(ctx.db, order.id))
        : 0,
    };
  };

/** The Huichao payment page for an amount that may be repaid. */
const repaymentHuichao =
  (ctx: ServerContext): Handler<'repaymentHuichao', SessionUser> =>
  async ({ body, user }) => {
    if (body.userId !== user.userId) throw forbidden('userId does not match the session.');
    const order = await requireOrder(ctx, user, body.orderId);
    await checkRepayable(ctx, order, body.amount);
    const ref = randomId('H');
    const url = new URL('https://pay.kopa.example/huichao');
    url.searchParams.set('orderId', order.id);
    url.searchParams.set('amount', String(body.amount));
    url.searchParams.set('ref', ref);
    return { url: url.toString() };
  };

/** Huichao only hands out a payment page (it books nothing), so a read without the lock is enough. */
async function checkRepayable(ctx: ServerContext, order: Order, amount: number): Promise<void> {
  if (!REPAYABLE.has(order.status)) throw nothingToRepay();
  checkAmount(amount, outstanding(order, await installmentsOf(ctx.db, order.id)));
}
