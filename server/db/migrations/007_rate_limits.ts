/**
 * More than one instance: request and login-failure counters live in the database, so
 * every server process on it counts against the same limit (server/http/counters.ts). One row per
 * key (a client address and what it is counted for), updated by one upsert per counted request.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // The end of the key's current window; an expired row counts as none and is swept.
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_reset_at_idx')
    .on('rate_limits')
    .column('reset_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
