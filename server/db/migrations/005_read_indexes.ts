/**
 * The server at scale: the borrower's latest card (installment plan, delay detail) is
 * read per request by user and newest first; without an index that is a scan of every card.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('cards_user_created_idx')
    .on('cards')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('cards_user_created_idx').execute();
}
