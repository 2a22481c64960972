/**
 * repayment-commit (Idempotency-Key; 800005): checked outside the order lock (key, replay, card,
 * token), booked inside it (the money rule: repayRules.ts). A payment that needs a code stays
 * pending until repayment-confirm (repayPending.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { RequestOf, ResponseOf } from '@kopa/contract';
import type { ServerContext } from '../http/context';
import type { Db } from '../db';
import type { Handler } from '../http/endpoint';
import { badRequest, notFound, type BusinessError } from '../core/errors';
import { flag } from '../domain/flags';
import { applyPayment, dueOf, lockOrder, REPAYABLE } from '../domain/orders';
import { SMS_TTL_MS } from '../domain/sms';
import { randomId, repayToken, sameToken } from '../domain/tokens';
import { requireOrder, type SessionUser } from '../http/session';
import { checkAmount, inTx, nothingToRepay, secondPending } from './repayRules';

type CommitBody = RequestOf<'repaymentCommit'>;

const KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;
/** Default of settings.repaySms.minAmount: TZS 500.000,00 in cents. */
export const DEFAULT_REPAY_SMS_MIN_AMOUNT = 50_000_000;

/** SMS policy: the card says it needs a code, or the amount reaches the threshold. */
export function needsCode(smsRequired: number, amount: number, minAmount: number): 0 | 1 {
  return smsRequired === 1 || amount >= minAmount ? 1 : 0;
}

async function smsMinAmount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'repaySms')
    .executeTakeFirst();
  const v = (row?.value ?? null) as { minAmount?: unknown } | null;
  return typeof v?.minAmount === 'number' && Number.isFinite(v.minAmount)
    ? v.minAmount
    : DEFAULT_REPAY_SMS_MIN_AMOUNT;
}

/** Same key again: the first answer (same amount and order) or 400 (anything else changed). */
async function findReplay(db: Db, user: SessionUser, key: string, body: CommitBody) {
  const prev = await db
    .selectFrom('repayments')
    .selectAll()
    .where('user_id', '=', user.userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!prev) return null;
  if (prev.amount !== body.amount || prev.order_id !== body.orderId) {
    throw badRequest(
      'Idempotency-Key was already used for a different repayment (amount or order differs).',
    );
  }
  return { needValid: flag(prev.need_valid), repayRecordId: prev.id };
}

/** The Idempotency-Key header of a commit (400 when it is missing or malformed). */
function idempotencyKey(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_RE.test(key)) {
    throw badRequest('Idempotency-Key header is required (8-128 letters, digits, - or _).');
  }
  return key;
}

/** A commit: checked outside the lock (key, replay, card, token), booked inside it. */
export const repaymentCommit =
  (ctx: ServerContext): Handler<'repaymentCommit', SessionUser> =>
  async ({ body, user, req, ip }) => {
    const key = idempotencyKey(req);
    const order = await requireOrder(ctx, user, body.orderId);
    // Retries after a lost answer are answered here without queueing on the order lock.
    const replay = await findReplay(ctx.db, user, key, body);
    if (replay) return replay;
    const card = await ctx.db
      .selectFrom('cards')
      .select(['id', 'sms_required'])
      .where('id', '=', body.cardId)
      .where('user_id', '=', user.userId)
      .executeTakeFirst();
    if (!card) throw badRequest('cardId: unknown card; choose one of your cards.');
    if (!sameToken(body.repayToken, repayToken(ctx.secret, user.userId, order.id)))
      throw badRequest('repayToken: invalid for this order; reload the page.');
    const needValid = needsCode(card.sms_required, body.amount, await smsMinAmount(ctx.db));
    const commit: Commit = { user, key, body, orderId: order.id, needValid, now: ctx.now(), ip };
    return inTx(ctx, (trx) => bookCommit(ctx, trx, commit));
  };

/** One commit as the locked transaction sees it. */
interface Commit {
  user: SessionUser;
  key: string;
  body: CommitBody;
  orderId: string;
  needValid: 0 | 1;
  now: Date;
  ip: string;
}

type CommitAnswer = ResponseOf<'repaymentCommit'>;

/** Under the order lock: a replay, the pending request resumed, or a new record (booked now or awaiting its code). */
async function bookCommit(
  ctx: ServerContext,
  trx: Db,
  c: Commit,
): Promise<CommitAnswer | BusinessError> {
  const { user, key, body, orderId, needValid, now } = c;
  const locked = await lockOrder(trx, orderId);
  if (!locked) throw notFound('Order not found.');
  // A parallel request with this key may have booked while we waited for the lock.
  const again = await findReplay(trx, user, key, body);
  if (again) return again;
  // A pending repayment past its expiry is abandoned; it must not block the order.
  await trx
    .updateTable('repayments')
    .set({ status: 'expired' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
  if (!REPAYABLE.has(locked.status)) return nothingToRepay();
  checkAmount(body.amount, await dueOf(trx, locked));
  const resumed = await resumeOrCancelPending(ctx, trx, c);
  if (resumed) return resumed;
  const id = randomId('R');
  // ON CONFLICT without a target: the same key used at once for another order of this user.
  const row = await trx
    .insertInto('repayments')
    .values({
      id,
      user_id: user.userId,
      order_id: orderId,
      idempotency_key: key,
      amount: body.amount,
      card_id: body.cardId,
      status: needValid ? 'pending' : 'success',
      need_valid: needValid,
      created_at: now,
      confirmed_at: needValid ? null : now,
      expires_at: needValid ? new Date(now.getTime() + SMS_TTL_MS) : null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return (await findReplay(trx, user, key, body)) ?? secondPending();
  if (needValid) {
    // Past the SMS limits this throws 429 and the record is rolled back with it.
    const codeId = await ctx.sms.issue(user.phone, 'repay', c.ip, 6, trx);
    await trx.updateTable('repayments').set({ sms_code_id: codeId }).where('id', '=', id).execute();
  } else {
    await applyPayment(trx, orderId, body.amount, now);
  }
  return { needValid, repayRecordId: id };
}

/**
 * The borrower left the code dialog without Cancel (closed the page) and pays again: never a
 * 10-minute "twice". The same payment is resumed (its code, already sent, still confirms it: one
 * record, booked once); another amount or card cancels the old request first (its code dies), so
 * at most one pending request per order stays. Null when nothing is resumed.
 */
async function resumeOrCancelPending(
  ctx: ServerContext,
  trx: Db,
  { body, orderId }: Commit,
): Promise<CommitAnswer | null> {
  const pending = await trx
    .selectFrom('repayments')
    .select(['id', 'amount', 'card_id', 'need_valid', 'sms_code_id'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!pending) return null;
  if (pending.amount === body.amount && pending.card_id === body.cardId)
    return { needValid: flag(pending.need_valid), repayRecordId: pending.id };
  await trx
    .updateTable('repayments')
    .set({ status: 'cancelled' })
    .where('id', '=', pending.id)
    .execute();
  if (pending.sms_code_id !== null) await ctx.sms.revoke(pending.sms_code_id, trx);
  return null;
}
