/**
 * Studio sessions and governance: named operator accounts with a role, studio
 * sessions kept on the database so a logout (or a disabled account) ends them at once, approvals
 * of one exact draft (its content hash) for the money screens' two-person publish, and the audit
 * actions those bring (approve, discard, a forced import).
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_operators')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'publisher')`))
    // scrypt$N$r$p$salt$hash (server/layouts/studio/operators.ts); '!env' for the account STUDIO_USER names,
    // whose password stays in the environment.
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('disabled_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('studio_sessions')
    // sha256 of the cookie's random token: a copy of this table opens nothing.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator', 'text', (c) => c.notNull().references('studio_operators.name'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('studio_sessions_operator_idx')
    .on('studio_sessions')
    .column('operator')
    .execute();

  await db.schema
    .createTable('layout_approvals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('layout', 'text', (c) => c.notNull().references('layouts.name'))
    // versionHash of the draft approved (its text and fragment expansion): any change needs a new approval.
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('approver', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('layout_approvals_layout_idx')
    .on('layout_approvals')
    .columns(['layout', 'hash'])
    .execute();

  await sql`alter table layout_audit drop constraint layout_audit_action_check`.execute(db);
  await sql`alter table layout_audit add constraint layout_audit_action_check
    check (action in ('import', 'draft', 'publish', 'rollback', 'approve', 'discard', 'import-forced'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table layout_audit drop constraint layout_audit_action_check`.execute(db);
  await sql`alter table layout_audit add constraint layout_audit_action_check
    check (action in ('import', 'draft', 'publish', 'rollback'))`.execute(db);
  await db.schema.dropTable('layout_approvals').execute();
  await db.schema.dropTable('studio_sessions').execute();
  await db.schema.dropTable('studio_operators').execute();
}
