/**
 * What every repayment-by-card route shares: the business refusals (800001-800009), the
 * transaction that commits what it wrote before refusing, and the repayment records.
 *
 * Money rule: every write that books (commit without a code, confirm) or changes a pending record
 * runs in ONE transaction that first locks the order row (lockOrder), then checks status and the
 * amount due and writes. Two payments of one order therefore never both see the old amount due.
 * Inside a transaction only `trx` is used: PGlite has one connection (its dialect lends it to one
 * transaction at a time) and PostgreSQL's pool is small, so reaching for ctx.db there would wait
 * on ourselves.
 */
import type { ServerContext } from '../http/context';
import type { Db } from '../db';
import { badRequest, BusinessError } from '../core/errors';

export const nothingToRepay = () => new BusinessError('800001', 'This order has nothing to repay.');
export const secondPending = () =>
  new BusinessError('800005', 'do not submit the repayment request twice');
export const wrongCode = () => new BusinessError('800006', 'wrong code');
export const alreadyPaid = () =>
  new BusinessError('800007', 'This repayment is already completed.');
export const expired = () =>
  new BusinessError(
    '800008',
    'This repayment request has expired. Please start the payment again.',
  );
export const dueChanged = () =>
  new BusinessError(
    '800009',
    'The amount due has changed while you were paying. Please start the payment again.',
  );

export function checkAmount(amount: number, due: number): void {
  if (amount > due) throw badRequest(`amount: must not exceed the outstanding amount (${due})`);
}

/**
 * A transaction whose business refusals are RETURNED, then thrown after COMMIT: what it wrote on
 * the way (a wrong try counted, a record marked expired or cancelled) must stay. Thrown errors
 * (400, 404, 429, over-booking) roll everything back.
 */
export async function inTx<T>(
  ctx: ServerContext,
  fn: (trx: Db) => Promise<T | BusinessError>,
): Promise<T> {
  const out = await ctx.db.transaction().execute(fn);
  if (out instanceof BusinessError) throw out;
  return out;
}

export function findRecord(db: Db, id: string) {
  return db.selectFrom('repayments').selectAll().where('id', '=', id).executeTakeFirst();
}

export type RepaymentRow = Awaited<ReturnType<typeof findRecord>>;
