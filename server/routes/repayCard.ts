/**
 * Repayment by card (spec 7 "Repayment by card", success code "00"): repayment-way,
 * repayment-commit (Idempotency-Key; 800005), repayment-confirm (800006/800008/800009),
 * repayment-resend and repayment-cancel (800007/800008), repayment-huichao.
 *
 * Money rule: every write that books (commit without a code, confirm) or changes a pending record
 * runs in ONE transaction that first locks the order row (lockOrder), then checks status and the
 * amount due and writes. Two payments of one order therefore never both see the old amount due.
 * Inside a transaction only `trx` is used: PGlite has one connection (its dialect lends it to one
 * transaction at a time) and PostgreSQL's pool is small, so reaching for ctx.db there would wait
 * on ourselves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestOf, ResponseOf } from '@kopa/contract';
import type { ServerContext } from '../http/context';
import type { Db } from '../db';
import type { Order } from '../db/types';
import { userEndpoint, type Handler } from '../http/endpoint';
import { badRequest, BusinessError, forbidden, notFound } from '../core/errors';
import { flag } from '../domain/flags';
import { maskCardNo } from '../domain/format';
import {
  applyPayment,
  dueOf,
  installmentsOf,
  lockOrder,
  outstanding,
  REPAYABLE,
} from '../domain/orders';
import { SMS_TTL_MS } from '../domain/sms';
import { randomId, repayToken, sameToken } from '../domain/tokens';
import { requireOrder, type SessionUser } from '../http/session';

type CommitBody = RequestOf<'repaymentCommit'>;
type RepaymentRow = Awaited<ReturnType<typeof findRecord>>;

const KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;
/** Default of settings.repaySms.minAmount: TZS 500.000,00 in cents. */
export const DEFAULT_REPAY_SMS_MIN_AMOUNT = 50_000_000;

const nothingToRepay = () => new BusinessError('800001', 'This order has nothing to repay.');
const secondPending = () =>
  new BusinessError('800005', 'do not submit the repayment request twice');
const wrongCode = () => new BusinessError('800006', 'wrong code');
const alreadyPaid = () => new BusinessError('800007', 'This repayment is already completed.');
const expired = () =>
  new BusinessError(
    '800008',
    'This repayment request has expired. Please start the payment again.',
  );
const dueChanged = () =>
  new BusinessError(
    '800009',
    'The amount due has changed while you were paying. Please start the payment again.',
  );

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

function checkAmount(amount: number, due: number): void {
  if (amount > due) throw badRequest(`amount: must not exceed the outstanding amount (${due})`);
}

/**
 * A transaction whose business refusals are RETURNED, then thrown after COMMIT: what it wrote on
 * the way (a wrong try counted, a record marked expired or cancelled) must stay. Thrown errors
 * (400, 404, 429, over-booking) roll everything back.
 */
async function inTx<T>(
  ctx: ServerContext,
  fn: (trx: Db) => Promise<T | BusinessError>,
): Promise<T> {
  const out = await ctx.db.transaction().execute(fn);
  if (out instanceof BusinessError) throw out;
  return out;
}

function findRecord(db: Db, id: string) {
  return db.selectFrom('repayments').selectAll().where('id', '=', id).executeTakeFirst();
}

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

/** The Idempotency-Key header of a commit (400 when it is missing or malformed). */
function idempotencyKey(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_RE.test(key)) {
    throw badRequest('Idempotency-Key header is required (8-128 letters, digits, - or _).');
  }
  return key;
}

/** A commit: checked outside the lock (key, replay, card, token), booked inside it. */
const repaymentCommit =
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

/** The code of a pending record: booked once, at exactly the amount the borrower authorised. */
const repaymentConfirm =
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
const repaymentResend =
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
const repaymentCancel =
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
