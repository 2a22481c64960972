/**
 * Idempotent demo seed (demo mode only: server/demo/mode.ts): runs once per database (marker
 * row), and every insert tolerates reruns. It never touches a borrower it did not create: when a
 * demo borrower id (10001, ...) already belongs to someone else, nothing is seeded at all (no
 * session, card, order or complaint lands on that borrower), and the caller says so.
 */
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
/** The demo borrower ids this seed created itself (a settings row): only these get demo sessions. */
const OWNED = 'seed:demo-users';
const DAY = 86_400_000;

/** Every borrower the seed writes (the ones with a session and the registered promo user). */
const DEMO_USER_IDS: readonly string[] = [
  DEMO.userId,
  DEMO.otherUserId,
  '10003',
  DEMO.noLoanUserId,
];
const DEMO_PHONES: Record<string, string> = {
  [DEMO.userId]: DEMO.phone,
  [DEMO.otherUserId]: DEMO.otherPhone,
  '10003': DEMO.registeredPromoPhone,
  [DEMO.noLoanUserId]: DEMO.noLoanPhone,
};

export type SeedOutcome = { seeded: true } | { seeded: false; foreign: string[] };

async function setting(db: Db, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/**
 * The demo borrower ids this database holds that the seed did not create. A database seeded
 * before the seed kept its list (marker, no list) counts a row as the seed's when it carries the
 * demo phone of its id, as the old seed wrote it.
 */
async function foreignBorrowers(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'phone'])
    .where('id', 'in', [...DEMO_USER_IDS])
    .execute();
  const listed = await setting(db, OWNED);
  const legacy = listed === undefined && (await setting(db, MARKER)) !== undefined;
  const owned = Array.isArray(listed)
    ? listed.filter((id): id is string => typeof id === 'string')
    : legacy
      ? rows.filter((r) => DEMO_PHONES[r.id] === r.phone).map((r) => r.id)
      : [];
  return rows.map((r) => r.id).filter((id) => !owned.includes(id));
}

export async function seed(db: Db): Promise<SeedOutcome> {
  const foreign = await foreignBorrowers(db);
  if (foreign.length > 0) return { seeded: false, foreign };
  // Recorded before the rows are written: the ids are free (checked above), so they are the seed's.
  await db
    .insertInto('settings')
    .values({ key: OWNED, value: JSON.stringify([...DEMO_USER_IDS]) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify([...DEMO_USER_IDS]) }))
    .execute();
  await seedNoLoanBorrower(db);
  const done = await db
    .selectFrom('settings')
    .select('key')
    .where('key', '=', MARKER)
    .executeTakeFirst();
  if (done) return { seeded: true };
  const now = Date.now();
  await db.transaction().execute((trx) => writeDemoRows(trx, now));
  return { seeded: true };
}

/** The demo borrowers, cards, orders, installments and settings, written in one transaction. */
// eslint-disable-next-line max-lines-per-function -- a data table: the demo rows one after another, one insert per table, no logic to name
async function writeDemoRows(trx: Db, now: number): Promise<void> {
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
}

/**
 * Every start, demo or not: the settings documents the borrower screens read (contact, wallets,
 * payNotice, ...) get their reference values where a key is missing, and an existing row is never
 * changed. They are the service's configuration, edited in SQL (docs/running.md), not demo
 * data: no borrower, session, card or order is written here. Without them every screen that reads
 * one would answer 500.
 */
export async function ensureSettings(db: Db): Promise<void> {
  for (const [key, value] of Object.entries(SETTINGS))
    await db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
}

/**
 * The demo borrower without a loan, added apart from the marker so a database seeded
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
