/** Order status vocabulary and money arithmetic shared by the loan and repayment routes. */
import type { Db } from '../db';
import { prepared } from '../db/prepared';
import type { Order } from '../db/types';
import { badRequest, forbidden, notFound } from '../core/errors';

/** Deferral ("delay") fee of an order: 5% of the principal, fixed when the order is created. */
export const DELAY_FEE_RATE = 0.05;

export function delayFee(amount: number): number {
  return Math.round(amount * DELAY_FEE_RATE);
}

/** Statuses with money to repay (spec section 4: Repayment buttons). */
export const REPAYABLE = new Set([170, 174, 180]);

const STATUS: Record<number, { text: string; desc: string }> = {
  21: {
    text: 'Under review',
    desc: 'Your application is being processed. We will notify you shortly.',
  },
  110: { text: 'Application failed', desc: 'Sorry, your application was not approved this time.' },
  151: { text: 'Disbursing', desc: 'Your loan was approved and is being sent to your account.' },
  170: { text: 'Repaying', desc: 'Your loan is active. Repay on time to keep a good record.' },
  174: { text: 'Due today', desc: 'Your repayment is due today. Please repay to avoid penalties.' },
  180: {
    text: 'Overdue',
    desc: 'Your repayment is overdue. A late penalty of 10% per month applies.',
  },
  200: { text: 'Settled', desc: 'Your loan is fully repaid. Thank you!' },
};

export function statusText(status: number): { text: string; desc: string } {
  return STATUS[status] ?? { text: 'Unknown', desc: '' };
}

export interface InstallmentRow {
  period_no: number;
  total_amount: number;
  due_time: Date;
  paid_at: Date | null;
}

const installmentsQuery = prepared((db: Db, orderId: string) =>
  db
    .selectFrom('installments')
    .select(['period_no', 'total_amount', 'due_time', 'paid_at'])
    .where('order_id', '=', orderId)
    .orderBy('period_no'),
);

export async function installmentsOf(db: Db, orderId: string): Promise<InstallmentRow[]> {
  return installmentsQuery(db, orderId);
}

export function totalDue(rows: InstallmentRow[]): number {
  return rows.reduce((s, r) => s + r.total_amount, 0);
}

export function outstanding(order: Order, rows: InstallmentRow[]): number {
  return Math.max(0, totalDue(rows) - order.paid_amount);
}

/**
 * What each unpaid installment still owes: payments cover installments in order, so a partial
 * payment beyond the paid ones reduces the earliest unpaid installment first.
 */
export function unpaidInstallments(
  order: Pick<Order, 'paid_amount'>,
  rows: InstallmentRow[],
): Array<InstallmentRow & { left: number }> {
  let cumulative = 0;
  const out: Array<InstallmentRow & { left: number }> = [];
  for (const r of rows) {
    const before = cumulative;
    cumulative += r.total_amount;
    if (r.paid_at) continue;
    out.push({ ...r, left: Math.max(0, cumulative - Math.max(order.paid_amount, before)) });
  }
  return out;
}

/**
 * The amount due now (docs/decisions/002-repayment-numbers-and-states.md, "Amount due"): what the unpaid installments
 * due today or earlier still owe; when none is due yet, what the next installment (the current
 * period) owes. Never the whole outstanding balance of a multi-period loan. Days are compared as
 * the borrower reads them (`dayOf`, the same formatting as the "Due date" line).
 */
export function dueNow(
  order: Pick<Order, 'paid_amount'>,
  rows: InstallmentRow[],
  now: Date,
  dayOf: (d: Date) => string,
): number {
  const unpaid = unpaidInstallments(order, rows).filter((r) => r.left > 0);
  const today = dayOf(now);
  const due = unpaid.filter((r) => dayOf(r.due_time) <= today).reduce((s, r) => s + r.left, 0);
  return due > 0 ? due : (unpaid[0]?.left ?? 0);
}

/**
 * Locks the order row until the transaction ends (SELECT ... FOR UPDATE) and answers it as it is
 * now. Every money write starts with this, so its status/outstanding check and its update see
 * the same state: a second payment of the same order waits here until the first commits.
 * (On PGlite the dialect already runs one transaction at a time; the lock is for PostgreSQL.)
 */
export async function lockOrder(trx: Db, orderId: string): Promise<Order | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** What is left to repay on an order read under lockOrder (0 when its status has nothing to repay). */
export async function dueOf(trx: Db, order: Order): Promise<number> {
  if (!REPAYABLE.has(order.status)) return 0;
  return outstanding(order, await installmentsOf(trx, order.id));
}

/** Thrown when a booking would pay more than the order owes: the transaction rolls back. */
export class OverBookingError extends Error {}

/**
 * Books a payment: raises paid_amount, marks every installment the cumulative payments now cover
 * as paid, and settles the order (200) when nothing is left. Call inside the transaction that
 * took lockOrder and checked the amount against dueOf; the guard below is the last line.
 */
export async function applyPayment(
  db: Db,
  orderId: string,
  amount: number,
  now: Date,
): Promise<void> {
  const order = await db
    .updateTable('orders')
    .set((eb) => ({ paid_amount: eb('paid_amount', '+', amount) }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const rows = await installmentsOf(db, orderId);
  if (amount <= 0 || order.paid_amount > totalDue(rows))
    throw new OverBookingError(`booking ${amount} on ${orderId} would exceed the amount due`);
  let cumulative = 0;
  for (const r of rows) {
    cumulative += r.total_amount;
    if (!r.paid_at && cumulative <= order.paid_amount) {
      await db
        .updateTable('installments')
        .set({ paid_at: now })
        .where('order_id', '=', orderId)
        .where('period_no', '=', r.period_no)
        .execute();
    }
  }
  if (order.paid_amount >= totalDue(rows)) {
    await db.updateTable('orders').set({ status: 200 }).where('id', '=', orderId).execute();
  }
}

/** The order, if it is this borrower's: 400 without an id, 404 when there is none, 403 when another borrower's. */
export async function ownedOrder(
  db: Db,
  userId: string,
  orderId: string | undefined,
): Promise<Order> {
  if (!orderId) throw badRequest('orderId: is required');
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Order not found.');
  if (order.user_id !== userId) throw forbidden('This order belongs to another user.');
  return order;
}
