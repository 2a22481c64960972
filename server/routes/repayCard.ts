/**
 * Repayment by card (spec 7 "Repayment by card", success code "00"): repayment-way,
 * repayment-commit (Idempotency-Key; 800005), repayment-confirm (800006), repayment-huichao.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { userEndpoint } from '../endpoint';
import { badRequest, BusinessError, forbidden, notFound } from '../errors';
import { maskCardNo } from '../lib/format';
import { applyPayment, installmentsOf, outstanding, REPAYABLE } from '../lib/orders';
import { randomId, repayToken, sameToken } from '../lib/tokens';
import { SMS_TTL_MS } from '../lib/sms';
import { requireOrder, type SessionUser } from '../session';
import type { Order } from '../db/types';

interface CommitBody {
  amount: number; cardId: string; orderId: string; repayToken: string;
  bankName?: string; cardNo?: string; couponId?: string; bankCode?: string; sendMsg?: number;
}
interface ConfirmBody { orderId: string; verifyCode: string; repaymentRecordId: string }
interface HuichaoBody { userId: string; orderId: string; amount: number }

const KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;

async function repayableAmount(ctx: ServerContext, order: Order): Promise<number> {
  if (!REPAYABLE.has(order.status)) throw new BusinessError('800001', 'This order has nothing to repay.');
  return outstanding(order, await installmentsOf(ctx.db, order.id));
}

function checkAmount(amount: number, due: number): void {
  if (amount > due) throw badRequest(`amount: must not exceed the outstanding amount (${due})`);
}

export function registerRepayCard(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint<Record<string, never>>(app, ctx, 'repaymentWay', async ({ query, user }) => {
    const order = await requireOrder(ctx, user, query.orderId);
    const cards = await ctx.db.selectFrom('cards').selectAll().where('user_id', '=', user.userId).orderBy('created_at').execute();
    return {
      alipay: 1,
      repayToken: repayToken(ctx.secret, user.userId, order.id),
      bankCards: cards.map((c) => ({ id: c.id, bankName: c.bank_name, cardNo: maskCardNo(c.card_no), bankCode: c.bank_code })),
      amount: REPAYABLE.has(order.status) ? outstanding(order, await installmentsOf(ctx.db, order.id)) : 0,
    };
  });

  userEndpoint<CommitBody>(app, ctx, 'repaymentCommit', async ({ body, user, req, ip }) => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !KEY_RE.test(key)) {
      throw badRequest('Idempotency-Key header is required (8-128 letters, digits, - or _).');
    }
    const order = await requireOrder(ctx, user, body.orderId);
    const replay = await findReplay(ctx, user, key, body);
    if (replay) return replay;
    checkAmount(body.amount, await repayableAmount(ctx, order));
    const card = await ctx.db.selectFrom('cards').select('id').where('id', '=', body.cardId).where('user_id', '=', user.userId).executeTakeFirst();
    if (!card) throw badRequest('cardId: unknown card; choose one of your cards.');
    if (!sameToken(body.repayToken, repayToken(ctx.secret, user.userId, order.id))) throw badRequest('repayToken: invalid for this order; reload the page.');
    const needValid = body.sendMsg === 1 ? 1 : 0;
    // A pending repayment whose SMS code expired is abandoned; it must not block the order forever.
    await ctx.db.updateTable('repayments').set({ status: 'expired' }).where('order_id', '=', order.id).where('status', '=', 'pending')
      .where('created_at', '<', new Date(ctx.now().getTime() - SMS_TTL_MS)).execute();
    // Fast path for the common double submit; the partial unique index settles real races below.
    const pending = await ctx.db.selectFrom('repayments').select('id').where('order_id', '=', order.id).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw new BusinessError('800005', 'do not submit the repayment request twice');
    if (needValid) await ctx.sms.checkLimits(user.phone, ip);
    const id = randomId('R');
    const now = ctx.now();
    const inserted = await ctx.db.transaction().execute(async (trx) => {
      // ON CONFLICT without a target covers both the key and the one-pending-per-order index.
      const row = await trx.insertInto('repayments').values({
        id, user_id: user.userId, order_id: order.id, idempotency_key: key, amount: body.amount, card_id: body.cardId,
        status: needValid ? 'pending' : 'success', need_valid: needValid, created_at: now, confirmed_at: needValid ? null : now,
      }).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      if (row && !needValid) await applyPayment(trx, order.id, body.amount, now);
      return row;
    });
    if (!inserted) {
      const again = await findReplay(ctx, user, key, body);
      if (again) return again;
      throw new BusinessError('800005', 'do not submit the repayment request twice');
    }
    if (needValid) await ctx.sms.issue(user.phone, 'repay', ip, 6);
    return { needValid, repayRecordId: id };
  });

  userEndpoint<ConfirmBody>(app, ctx, 'repaymentConfirm', async ({ body, user }) => {
    await requireOrder(ctx, user, body.orderId);
    const rec = await ctx.db.selectFrom('repayments').selectAll().where('id', '=', body.repaymentRecordId).executeTakeFirst();
    if (!rec || rec.order_id !== body.orderId) throw notFound('Repayment record not found.');
    if (rec.user_id !== user.userId) throw forbidden('This repayment belongs to another user.');
    if (rec.status === 'success') return { repayRecordId: rec.id, status: 'success' };
    const result = await ctx.sms.verify(user.phone, 'repay', body.verifyCode);
    if (result !== 'ok') throw new BusinessError('800006', 'wrong code');
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const done = await trx.updateTable('repayments').set({ status: 'success', confirmed_at: now })
        .where('id', '=', rec.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(done.numUpdatedRows) === 1) await applyPayment(trx, rec.order_id, rec.amount, now);
    });
    return { repayRecordId: rec.id, status: 'success' };
  });

  userEndpoint<HuichaoBody>(app, ctx, 'repaymentHuichao', async ({ body, user }) => {
    if (body.userId !== user.userId) throw forbidden('userId does not match the session.');
    const order = await requireOrder(ctx, user, body.orderId);
    checkAmount(body.amount, await repayableAmount(ctx, order));
    const ref = randomId('H');
    const url = new URL('https://pay.kopa.example/huichao');
    url.searchParams.set('orderId', order.id);
    url.searchParams.set('amount', String(body.amount));
    url.searchParams.set('ref', ref);
    return { url: url.toString() };
  });
}

/** Same key again: the first answer (same amount and order) or 400 (anything else changed). */
async function findReplay(ctx: ServerContext, user: SessionUser, key: string, body: CommitBody) {
  const prev = await ctx.db.selectFrom('repayments').selectAll()
    .where('user_id', '=', user.userId).where('idempotency_key', '=', key).executeTakeFirst();
  if (!prev) return null;
  if (prev.amount !== body.amount || prev.order_id !== body.orderId) {
    throw badRequest('Idempotency-Key was already used for a different repayment (amount or order differs).');
  }
  return { needValid: prev.need_valid, repayRecordId: prev.id };
}
