/** Idempotent demo seed: runs once per database (marker row), and every insert tolerates reruns. */
import { delayFee } from '../domain/orders';
import type { Db } from '../db/index';
import {
  CONTRACTS,
  DEMO,
  FORM_ITEMS,
  ORDERS,
  PROBLEM_TYPES,
  PROBLEMS,
  PRODUCTS,
  SETTINGS,
} from './seedData';

const MARKER = 'seed:v1';
const DAY = 86_400_000;

export async function seed(db: Db): Promise<void> {
  await seedNoLoanBorrower(db);
  const done = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', MARKER)
    .executeTakeFirst();
  if (done) return;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values([
        { id: DEMO.userId, phone: DEMO.phone, name: 'Amina Juma', deleted_at: null },
        { id: DEMO.otherUserId, phone: DEMO.otherPhone, name: 'Baraka Mushi', deleted_at: null },
        {
          id: '10003',
          phone: DEMO.registeredPromoPhone,
          name: 'Registered Promo User',
          deleted_at: null,
        },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('sessions')
      .values([
        { id: DEMO.sessionId, user_id: DEMO.userId, revoked_at: null },
        { id: DEMO.otherSessionId, user_id: DEMO.otherUserId, revoked_at: null },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('products')
      .values(PRODUCTS)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('cards')
      .values([
        {
          id: 'CARD1',
          user_id: DEMO.userId,
          bank_name: 'CRDB Bank',
          bank_node: 'Dar es Salaam',
          card_no: '0150123456789',
          bank_code: 'CRDB',
          sms_required: 1,
          created_at: new Date(now - 200 * DAY),
        },
        {
          id: 'CARD2',
          user_id: DEMO.userId,
          bank_name: 'M-Pesa',
          bank_node: '',
          card_no: '0712345678',
          bank_code: '90006',
          sms_required: 0,
          created_at: new Date(now - 100 * DAY),
        },
        {
          id: 'CARD3',
          user_id: DEMO.otherUserId,
          bank_name: 'NMB Bank',
          bank_node: 'Arusha',
          card_no: '2040987654321',
          bank_code: 'NMB',
          sms_required: 1,
          created_at: new Date(now - 50 * DAY),
        },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const o of ORDERS) {
      const paid = o.plan.filter((p) => p[2]).reduce((s, p) => s + p[0], 0);
      await trx
        .insertInto('orders')
        .values({
          id: o.id,
          user_id: o.user,
          product_id: o.product,
          status: o.status,
          is_delay: o.isDelay,
          amount: o.amount,
          paid_amount: paid,
          delay_fee: delayFee(o.amount),
          periods: o.periods,
          term_unit: o.termUnit,
          pay_mode: o.payMode,
          code_type: o.codeType,
          pay_code: `KP${o.id.toUpperCase()}7731`,
          is_score: o.isScore ?? 0,
          card_need_pop: o.cardNeedPop ?? 0,
          created_at: new Date(now - o.ageDays * DAY),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (const [i, [amount, dueIn, isPaid]] of o.plan.entries()) {
        await trx
          .insertInto('installments')
          .values({
            order_id: o.id,
            period_no: i + 1,
            total_amount: amount,
            due_time: new Date(now + dueIn * DAY),
            paid_at: isPaid ? new Date(now + (dueIn - 1) * DAY) : null,
          })
          .onConflict((oc) => oc.columns(['order_id', 'period_no']).doNothing())
          .execute();
      }
    }
    await trx
      .insertInto('bank_form_items')
      .values(FORM_ITEMS)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await trx
      .insertInto('problem_types')
      .values(PROBLEM_TYPES)
      .onConflict((oc) => oc.columns(['parent_value', 'value']).doNothing())
      .execute();
    for (const p of PROBLEMS) {
      const { ageDays, images, dispose_images, ...rest } = p;
      await trx
        .insertInto('problems')
        .values({
          ...rest,
          user_id: DEMO.userId,
          images: JSON.stringify(images),
          dispose_images: JSON.stringify(dispose_images),
          score: null,
          created_at: new Date(now - ageDays * DAY),
        })
        .execute();
    }
    await trx
      .insertInto('contracts')
      .values(CONTRACTS)
      .onConflict((oc) => oc.columns(['product_id', 'position']).doNothing())
      .execute();
    for (const [key, value] of Object.entries({
      ...SETTINGS,
      [MARKER]: { at: new Date(now).toISOString() },
    })) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  });
}

/**
 * The demo borrower without a loan (issue 33), added apart from the marker so a database seeded
 * before it existed gets it too. Inserts only: once deleted, the account stays deleted (the data
 * keeps what the borrower did; `rm -rf data` starts again).
 */
async function seedNoLoanBorrower(db: Db): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: DEMO.noLoanUserId,
      phone: DEMO.noLoanPhone,
      name: 'Neema Said',
      deleted_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('sessions')
    .values({ id: DEMO.noLoanSessionId, user_id: DEMO.noLoanUserId, revoked_at: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
