/**
 * Layouts on the database: every published layout is an immutable version; each layout
 * points at the one version borrowers get; operators edit one shared draft per layout; every
 * import, draft, publish and rollback is an audit entry. layouts/*.json in the repository seed a
 * fresh database and are published again only by an import (server/layouts/import.ts).
 */
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('layouts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // Null only inside the transaction that creates the layout with its first version.
    .addColumn('published_version', 'integer')
    // sha256 of the repository file the last import read: an unchanged file is not imported again.
    .addColumn('source_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('layout_versions')
    .addColumn('layout', 'text', (c) => c.notNull().references('layouts.name'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // What borrowers get for this version: content with its fragments expanded as they were when
    // it was published, so a later fragment edit never reaches borrowers unchecked.
    .addColumn('served', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('layout_versions_pk', ['layout', 'version'])
    .execute();
  // Versions are history: a row is never changed or deleted (TRUNCATE, the test-only reset, is not a row change).
  await sql`create function layout_versions_immutable() returns trigger language plpgsql as $$
    begin raise exception 'layout versions are immutable'; end $$`.execute(db);
  await sql`create trigger layout_versions_immutable before update or delete on layout_versions
    for each row execute function layout_versions_immutable()`.execute(db);

  await db.schema
    .createTable('layout_drafts')
    .addColumn('layout', 'text', (c) => c.primaryKey().references('layouts.name'))
    .addColumn('content', 'text', (c) => c.notNull())
    // The published version the draft started from (its diff and "published meanwhile" warning).
    .addColumn('base_version', 'integer')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('layout_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('layout', 'text', (c) => c.notNull().references('layouts.name'))
    .addColumn('action', 'text', (c) =>
      c.notNull().check(sql`action in ('import', 'draft', 'publish', 'rollback')`),
    )
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('from_version', 'integer')
    .addColumn('to_version', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('layout_audit_layout_idx')
    .on('layout_audit')
    .columns(['layout', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('layout_audit').execute();
  await db.schema.dropTable('layout_drafts').execute();
  await db.schema.dropTable('layout_versions').execute();
  await sql`drop function if exists layout_versions_immutable()`.execute(db);
  await db.schema.dropTable('layouts').execute();
}
