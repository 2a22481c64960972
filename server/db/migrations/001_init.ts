/** Initial schema. Runs unchanged on PGlite and PostgreSQL (Kysely Migrator). */
import { sql, type Kysely } from 'kysely';

// Migrations must not depend on the evolving app types, hence Kysely<unknown>.
// eslint-disable-next-line max-lines-per-function -- a migration is the schema as it was on one day, one statement per table in order, and is never edited again
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('amount_min', 'bigint', (c) => c.notNull())
    .addColumn('amount_max', 'bigint', (c) => c.notNull())
    .addColumn('periods', 'integer', (c) => c.notNull())
    .addColumn('term_unit', 'integer', (c) => c.notNull())
    .addColumn('rate_desc', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('button_text', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('is_delay', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('delay_fee', 'bigint', (c) => c.notNull())
    .addColumn('periods', 'integer', (c) => c.notNull())
    .addColumn('term_unit', 'integer', (c) => c.notNull())
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('code_type', 'integer', (c) => c.notNull())
    .addColumn('pay_code', 'text', (c) => c.notNull())
    .addColumn('is_score', 'integer', (c) => c.notNull())
    .addColumn('card_need_pop', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();

  await db.schema
    .createTable('installments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('period_no', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('due_time', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('installments_order_period_uq', ['order_id', 'period_no'])
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('bank_node', 'text', (c) => c.notNull())
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('bank_form_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('cate', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('note', 'jsonb', (c) => c.notNull())
    .addColumn('input_type', 'integer', (c) => c.notNull())
    .addColumn('card_type_mi', 'integer')
    .addColumn('channel_number', 'text')
    .addColumn('required', 'boolean', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('card_type', 'integer', (c) => c.notNull())
    .addColumn('channel_number', 'text', (c) => c.notNull())
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('problem_types')
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('parent_value', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_types_pk', ['parent_value', 'value'])
    .execute();

  await db.schema
    .createTable('problems')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('problem_type', 'integer', (c) => c.notNull())
    .addColumn('problem_son_type', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'jsonb', (c) => c.notNull())
    .addColumn('dispose_detail', 'text', (c) => c.notNull())
    .addColumn('dispose_images', 'jsonb', (c) => c.notNull())
    .addColumn('is_need_score', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('repayments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('need_valid', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('confirmed_at', 'timestamptz')
    // One repayment per key (retries and parallel submissions collapse onto one row).
    .addUniqueConstraint('repayments_key_uq', ['user_id', 'idempotency_key'])
    .execute();
  // At most one pending repayment per order: the database, not a race-prone check, enforces 800005.
  await sql`create unique index repayments_one_pending_idx on repayments (order_id) where status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('sms_codes_phone_idx')
    .on('sms_codes')
    .columns(['phone', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sms_codes_ip_idx')
    .on('sms_codes')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('track_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('user_from', 'text', (c) => c.notNull())
    .addColumn('client_type', 'text', (c) => c.notNull())
    .addColumn('page_type', 'integer', (c) => c.notNull())
    .addColumn('utm_tag', 'text', (c) => c.notNull())
    .addColumn('app_from', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('module_id', 'integer', (c) => c.notNull())
    .addColumn('position_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('scores')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('trades')
    .addColumn('trade_no', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('is_delay', 'integer', (c) => c.notNull())
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('repay_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('utrs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('utr', 'text', (c) => c.notNull())
    .addColumn('is_delay', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addUniqueConstraint('contracts_product_position_uq', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'settings',
    'contracts',
    'utrs',
    'trades',
    'scores',
    'events',
    'track_events',
    'captchas',
    'sms_codes',
    'repayments',
    'uploads',
    'problems',
    'problem_types',
    'bank_accounts',
    'bank_form_items',
    'cards',
    'installments',
    'orders',
    'products',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
