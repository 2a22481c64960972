/**
 * Money and SMS for repayment by card:
 * - cards.sms_required: whether paying with this card needs an SMS code (server policy, not the page).
 * - repayments.expires_at: a pending record's end; a resend restarts it, so it cannot be derived
 *   from created_at any more.
 * - repayments.sms_code_id: the one code issued for this record; confirm checks that code only.
 */
import { sql, type Kysely } from 'kysely';

const TTL = sql`interval '10 minutes'`; // SMS_TTL_MS at the time of this migration

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('sms_required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Existing databases: wallets (channel numbers such as 90006 as bank_code) need no code; bank accounts do.
  await sql`update cards set sms_required = 0 where bank_code ~ '^[0-9]+$'`.execute(db);

  await db.schema.alterTable('repayments').addColumn('expires_at', 'timestamptz').execute();
  await db.schema
    .alterTable('repayments')
    .addColumn('sms_code_id', 'integer', (c) => c.references('sms_codes.id'))
    .execute();
  await sql`update repayments set expires_at = created_at + ${TTL} where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('repayments').dropColumn('sms_code_id').execute();
  await db.schema.alterTable('repayments').dropColumn('expires_at').execute();
  await db.schema.alterTable('cards').dropColumn('sms_required').execute();
}
