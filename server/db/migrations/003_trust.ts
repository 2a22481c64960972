/**
 * The server's trust boundary: session last-seen time for the idle lifetime; captcha
 * state for one use per image (spent_at) and the get-sms grant that register accepts (sms_phone);
 * an index for the per-user upload quota.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null means "never seen since created": the idle clock then runs from created_at.
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'timestamptz').execute();
  await db.schema.alterTable('captchas').addColumn('spent_at', 'timestamptz').execute();
  await db.schema.alterTable('captchas').addColumn('sms_phone', 'text').execute();
  await db.schema
    .createIndex('uploads_user_created_idx')
    .on('uploads')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_user_created_idx').execute();
  await db.schema.alterTable('captchas').dropColumn('sms_phone').execute();
  await db.schema.alterTable('captchas').dropColumn('spent_at').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
