/**
 * A pending repayment (one that waits for its SMS code): repayment-confirm
 * (800006/800008/800009), repayment-resend and repayment-cancel (800007/800008). Each runs under
 * the order lock (the money rule: repayRules.ts).
 */
import type { ServerContext } from '../http/context';
import type { Db } from '../db';
import type { Handler } from '../http/endpoint';
import { forbidden, notFound } from '../core/errors';
import { applyPayment, dueOf, lockOrder, REPAYABLE } from '../domain/orders';
import { SMS_TTL_MS } from '../domain/sms';
import { requireOrder, type SessionUser } from '../http/session';
import {
  alreadyPaid,
  dueChanged,
  expired,
  findRecord,
  inTx,
  wrongCode,
  type RepaymentRow,
} from './repayRules';

/** Locks the order, then reads the record it names (404 / 403 otherwise). */
async function lockedRecord(trx: Db, user: SessionUser, orderId: string, recordId: string) {
  const order = await lockOrder(trx, orderId);
  const rec = await findRecord(trx, recordId);
  if (!order || !rec || rec.order_id !== orderId) throw notFound('Repayment record not found.');
  if (rec.user_id !== user.userId) throw forbidden('This repayment belongs to another user.');
  return { order, rec };
}

/**
 * Whether a record is pending and not past its expiry. A pending record past it is marked
 * 'expired' here (so everything treats expiry by time alike). Records from before migration 002
 * have no bound code and cannot be confirmed: they count as expired too.
 */
async function stillPending(trx: Db, rec: NonNullable<RepaymentRow>, now: Date): Promise<boolean> {
  if (rec.status !== 'pending') return false;
  if (rec.expires_at && rec.expires_at > now && rec.sms_code_id !== null) return true;
  await trx
    .updateTable('repayments')
    .set({ status: 'expired' })
    .where('id', '=', rec.id)
    .where('status', '=', 'pending')
    .execute();
  return false;
}

/** The code of a pending record: booked once, at exactly the amount the borrower authorised. */
export const repaymentConfirm =
  (ctx: ServerContext): Handler<'repaymentConfirm', SessionUser> =>
  async ({ body, user }) => {
    await requireOrder(ctx, user, body.orderId);
    const now = ctx.now();
    return inTx(ctx, async (trx) => {
      const { order, rec } = await lockedRecord(trx, user, body.orderId, body.repaymentRecordId);
      if (rec.status === 'success') {
        // A retry with the code that paid it (answer lost on the way) is success again; anything else is told it is done.
        const same =
          rec.sms_code_id !== null &&
          (await ctx.sms.isIssuedCode(rec.sms_code_id, user.phone, 'repay', body.verifyCode, trx));
        return same ? { repayRecordId: rec.id, status: 'success' } : alreadyPaid();
      }
      if (!(await stillPending(trx, rec, now)) || rec.sms_code_id === null) return expired();
      // Only the code issued for this record; a wrong try is counted (committed) and the fifth kills the code.
      if (
        (await ctx.sms.verifyIssued(rec.sms_code_id, user.phone, 'repay', body.verifyCode, trx)) !==
        'ok'
      )
        return wrongCode();
      // Over-booking rule: the borrower authorised exactly rec.amount. If less is due now (paid
      // elsewhere meanwhile), refuse rather than charge a different amount, and free the order.
      if (!REPAYABLE.has(order.status) || rec.amount > (await dueOf(trx, order))) {
        await trx
          .updateTable('repayments')
          .set({ status: 'cancelled' })
          .where('id', '=', rec.id)
          .execute();
        return dueChanged();
      }
      await trx
        .updateTable('repayments')
        .set({ status: 'success', confirmed_at: now })
        .where('id', '=', rec.id)
        .execute();
      await applyPayment(trx, rec.order_id, rec.amount, now);
      return { repayRecordId: rec.id, status: 'success' };
    });
  };

/** A new code for a pending record (the old one dies) and a fresh expiry. */
export const repaymentResend =
  (ctx: ServerContext): Handler<'repaymentResend', SessionUser> =>
  async ({ body, user, ip }) => {
    await requireOrder(ctx, user, body.orderId);
    const now = ctx.now();
    return inTx(ctx, async (trx) => {
      const { rec } = await lockedRecord(trx, user, body.orderId, body.repaymentRecordId);
      if (rec.status === 'success') return alreadyPaid();
      if (!(await stillPending(trx, rec, now))) return expired();
      // Same SMS limits as any send (429 with a reason, nothing changed); the old code dies.
      const codeId = await ctx.sms.issue(user.phone, 'repay', ip, 6, trx);
      if (rec.sms_code_id !== null) await ctx.sms.revoke(rec.sms_code_id, trx);
      await trx
        .updateTable('repayments')
        .set({ sms_code_id: codeId, expires_at: new Date(now.getTime() + SMS_TTL_MS) })
        .where('id', '=', rec.id)
        .execute();
      return { repayRecordId: rec.id, expiresIn: Math.round(SMS_TTL_MS / 1000) };
    });
  };

/** Cancels a pending record; a void one answers what it already is. */
export const repaymentCancel =
  (ctx: ServerContext): Handler<'repaymentCancel', SessionUser> =>
  async ({ body, user }) => {
    await requireOrder(ctx, user, body.orderId);
    const now = ctx.now();
    return inTx(ctx, async (trx) => {
      const { rec } = await lockedRecord(trx, user, body.orderId, body.repaymentRecordId);
      if (rec.status === 'success') return alreadyPaid();
      if (rec.status === 'pending' && (await stillPending(trx, rec, now))) {
        await trx
          .updateTable('repayments')
          .set({ status: 'cancelled' })
          .where('id', '=', rec.id)
          .execute();
        if (rec.sms_code_id !== null) await ctx.sms.revoke(rec.sms_code_id, trx);
        return { repayRecordId: rec.id, status: 'cancelled' };
      }
      // Already void: answer what it is (a pending one past its expiry was just marked expired).
      return {
        repayRecordId: rec.id,
        status: rec.status === 'cancelled' ? 'cancelled' : 'expired',
      };
    });
  };
