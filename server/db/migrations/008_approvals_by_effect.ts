/**
 * Publishing by effect (server/layouts/approvals/): an approval ends (ended_at, with why) when
 * the draft changes, at publish, at rollback; it is for a draft or for a rollback to one version;
 * who edited the current draft is kept (they may not approve it); a version remembers who
 * approved its publish, so rolling back to it is the one-person emergency path.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('layout_approvals')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`kind in ('draft', 'rollback')`),
    )
    .addColumn('version', 'integer')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('ended_reason', 'text')
    .execute();
  await db.schema
    .createTable('layout_draft_editors')
    .addColumn('layout', 'text', (c) => c.notNull().references('layouts.name'))
    .addColumn('editor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('layout_draft_editors_pk', ['layout', 'editor'])
    .execute();
  await db.schema.alterTable('layout_versions').addColumn('approved_by', 'text').execute();
  await sql`alter table layout_audit drop constraint layout_audit_action_check`.execute(db);
  await sql`alter table layout_audit add constraint layout_audit_action_check
    check (action in ('import', 'draft', 'publish', 'rollback', 'rollback-emergency', 'approve', 'discard', 'import-forced'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('layout_draft_editors').execute();
  await db.schema.alterTable('layout_versions').dropColumn('approved_by').execute();
  for (const c of ['kind', 'version', 'ended_at', 'ended_reason'])
    await db.schema.alterTable('layout_approvals').dropColumn(c).execute();
}
