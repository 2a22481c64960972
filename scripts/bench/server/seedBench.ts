/**
 * The server bench's own orders, in the bench's own database (a temp PGlite dir or a schema of
 * its own on PostgreSQL; never the demo data of a real run): plans of 12, 1,000 and 5,000
 * installments and 16 orders with a huge single installment each that the repayment commit books
 * 1 cent at a time, so every commit of a run finds something to repay. The commits take turns
 * over the 16: borrowers pay their own orders, and one order's row lock shared by every request
 * would measure a queue no deployment has.
 */
import type { Db } from '../../../server/db';
import { DEMO } from '../../../server/demo/seedData';

const DAY = 86_400_000;
export const PLAN_ORDERS = { 12: 'BENCH12', 1000: 'BENCH1000', 5000: 'BENCH5000' } as const;
export const PAY_ORDERS = Array.from({ length: 16 }, (_, i) => `BENCHPAY${i}`);
/** The demo borrower's wallet: no SMS code below the settings' threshold, so a commit books at once. */
export const PAY_CARD = 'CARD2';

export async function seedBenchOrders(db: Db): Promise<void> {
  const now = Date.now();
  const orders: Array<[string, number]> = [
    ...Object.entries(PLAN_ORDERS).map(([n, id]) => [id, Number(n)] as [string, number]),
    ...PAY_ORDERS.map((id) => [id, 1] as [string, number]),
  ];
  for (const [id, periods] of orders) {
    const done = await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
    if (done) continue;
    const pay = PAY_ORDERS.includes(id);
    const each = pay ? 1_000_000_000_000 : 1_100_000;
    // The first quarter paid, the rest pending, one overdue: every branch of the plan's rows.
    const paidCount = pay ? 0 : Math.floor(periods / 4);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('orders')
        .values({
          id,
          user_id: DEMO.userId,
          product_id: 'P002',
          status: 170,
          is_delay: 0,
          amount: each * periods,
          paid_amount: paidCount * each,
          delay_fee: 0,
          periods,
          term_unit: 1,
          pay_mode: 'PAY_URL',
          code_type: 1,
          pay_code: `KP${id}`,
          is_score: 0,
          card_need_pop: 0,
          created_at: new Date(now - 30 * DAY),
        })
        .execute();
      const rows = Array.from({ length: periods }, (_, i) => ({
        order_id: id,
        period_no: i + 1,
        total_amount: each,
        due_time: new Date(now + (i - paidCount) * DAY),
        paid_at: i < paidCount ? new Date(now + (i - paidCount - 1) * DAY) : null,
      }));
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('installments')
          .values(rows.slice(i, i + 1000))
          .execute();
    });
  }
}
