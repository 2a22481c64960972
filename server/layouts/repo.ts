/**
 * Layouts on the database (migration 004): immutable versions, one published version per layout,
 * one shared draft per layout, and the audit log. Every way to a published version (publish,
 * import, rollback) goes through checkLayoutText first and refuses with the issues: nothing
 * invalid ever becomes the published version. A publish notifies the other server instances in
 * the same transaction (server/layouts/sync.ts).
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import type { FragmentFiles } from '../../src/layout/fragments';
import { checkLayoutText, type LocatedIssue } from './check';
import { servedText } from './fragments';
import type { LayoutSource } from './store';

export const LAYOUT_CHANNEL = 'kopa_layouts';

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export type PublishResult =
  | { ok: true; changed: boolean; from: number | null; to: number }
  | { ok: false; issues: LocatedIssue[] };

/** Tells the other instances (LISTEN kopa_layouts) that `name` changed; sent when the transaction commits. */
async function notify(tx: Db | Transaction<Database>, name: string): Promise<void> {
  await sql`select pg_notify(${LAYOUT_CHANNEL}, current_schema() || ':' || ${name})`.execute(tx);
}

/**
 * A version's identity: its text and, when it uses fragments, what they expanded to. A layout
 * without fragments keeps the hash of its text alone.
 */
export function versionHash(text: string, served: string): string {
  return hashText(served === text ? text : `${text}\n${served}`);
}

/**
 * Publishes `text` as the next version of `name` (creating the layout if new) after checking it,
 * its fragments expanded with `fragments` and stored with it (the body borrowers get). The same
 * text and expansion as the published version changes nothing (no version, no audit entry); the
 * same text whose fragments changed is a new version.
 */
export async function publishText(
  db: Db,
  args: {
    name: string;
    text: string;
    fragments: FragmentFiles;
    actor: string;
    note: string;
    action: 'publish' | 'import' | 'import-forced';
    sourceHash?: string;
    clearDraft?: boolean;
  },
): Promise<PublishResult> {
  const issues = checkLayoutText(args.name, args.text, args.fragments);
  if (issues.length > 0) return { ok: false, issues };
  const served = servedText(args.text, args.fragments);
  const hash = versionHash(args.text, served);
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('layouts')
      .values({ name: args.name, published_version: null, source_hash: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    // The row lock orders concurrent publishes of one layout: version numbers never collide.
    const layout = await tx
      .selectFrom('layouts')
      .select(['published_version'])
      .where('name', '=', args.name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const from = layout.published_version;
    const current =
      from === null
        ? undefined
        : await tx
            .selectFrom('layout_versions')
            .select('hash')
            .where('layout', '=', args.name)
            .where('version', '=', from)
            .executeTakeFirst();
    if (current?.hash === hash && from !== null) {
      if (args.sourceHash)
        await tx
          .updateTable('layouts')
          .set({ source_hash: args.sourceHash })
          .where('name', '=', args.name)
          .execute();
      if (args.clearDraft)
        await tx.deleteFrom('layout_drafts').where('layout', '=', args.name).execute();
      return { ok: true as const, changed: false, from, to: from };
    }
    const max = await tx
      .selectFrom('layout_versions')
      .select(sql<number>`coalesce(max(version), 0)`.as('n'))
      .where('layout', '=', args.name)
      .executeTakeFirstOrThrow();
    const to = Number(max.n) + 1;
    await tx
      .insertInto('layout_versions')
      .values({
        layout: args.name,
        version: to,
        content: args.text,
        served,
        hash,
        author: args.actor,
        note: args.note,
      })
      .execute();
    await tx
      .updateTable('layouts')
      .set({
        published_version: to,
        updated_at: sql`now()`,
        ...(args.sourceHash ? { source_hash: args.sourceHash } : {}),
      })
      .where('name', '=', args.name)
      .execute();
    await tx
      .insertInto('layout_audit')
      .values({
        layout: args.name,
        action: args.action,
        actor: args.actor,
        from_version: from,
        to_version: to,
        reason: args.note,
      })
      .execute();
    if (args.clearDraft)
      await tx.deleteFrom('layout_drafts').where('layout', '=', args.name).execute();
    await notify(tx, args.name);
    return { ok: true as const, changed: true, from, to };
  });
}

export type RollbackResult =
  | { ok: true; from: number | null; to: number }
  | { ok: false; status: 404 | 409; message: string }
  | { ok: false; status: 422; message: string; issues: LocatedIssue[] };

/**
 * Makes an earlier version the published one again: one action, one audit entry. What borrowers
 * will get (the version's stored expansion) is checked again first: the rules may have grown
 * since it was published.
 */
export async function rollback(
  db: Db,
  args: { name: string; version: number; actor: string; reason: string },
): Promise<RollbackResult> {
  const target = await db
    .selectFrom('layout_versions')
    .select(['served'])
    .where('layout', '=', args.name)
    .where('version', '=', args.version)
    .executeTakeFirst();
  if (!target)
    return {
      ok: false,
      status: 404,
      message: `Layout "${args.name}" has no version ${args.version}.`,
    };
  const issues = checkLayoutText(args.name, target.served, {});
  if (issues.length > 0)
    return {
      ok: false,
      status: 422,
      message: `Version ${args.version} no longer passes the checks; it cannot be published again.`,
      issues,
    };
  return db.transaction().execute(async (tx) => {
    const layout = await tx
      .selectFrom('layouts')
      .select('published_version')
      .where('name', '=', args.name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (layout.published_version === args.version)
      return {
        ok: false as const,
        status: 409 as const,
        message: `Version ${args.version} is already the published version.`,
      };
    await tx
      .updateTable('layouts')
      .set({ published_version: args.version, updated_at: sql`now()` })
      .where('name', '=', args.name)
      .execute();
    await tx
      .insertInto('layout_audit')
      .values({
        layout: args.name,
        action: 'rollback',
        actor: args.actor,
        from_version: layout.published_version,
        to_version: args.version,
        reason: args.reason,
      })
      .execute();
    await notify(tx, args.name);
    return { ok: true as const, from: layout.published_version, to: args.version };
  });
}

/**
 * Saves the shared draft of an existing layout (null: no such layout); the first save of a draft
 * is an audit entry. Answers who saved it before (the studio warns two operators about each other).
 */
export async function saveDraft(
  db: Db,
  args: { name: string; text: string; actor: string },
): Promise<{ previous: { author: string; updatedAt: Date } | null } | null> {
  return db.transaction().execute(async (tx) => {
    const layout = await tx
      .selectFrom('layouts')
      .select('published_version')
      .where('name', '=', args.name)
      .forUpdate()
      .executeTakeFirst();
    if (!layout) return null;
    const existing = await tx
      .selectFrom('layout_drafts')
      .select(['author', 'updated_at'])
      .where('layout', '=', args.name)
      .executeTakeFirst();
    if (existing) {
      await tx
        .updateTable('layout_drafts')
        .set({ content: args.text, author: args.actor, updated_at: sql`now()` })
        .where('layout', '=', args.name)
        .execute();
    } else {
      await tx
        .insertInto('layout_drafts')
        .values({
          layout: args.name,
          content: args.text,
          base_version: layout.published_version,
          author: args.actor,
        })
        .execute();
      await tx
        .insertInto('layout_audit')
        .values({
          layout: args.name,
          action: 'draft',
          actor: args.actor,
          from_version: layout.published_version,
          to_version: null,
          reason: 'draft started',
        })
        .execute();
    }
    return {
      previous: existing ? { author: existing.author, updatedAt: existing.updated_at } : null,
    };
  });
}

/** Drops the draft; an audit entry says who threw away whose text (nothing when there was none). */
export async function discardDraft(db: Db, name: string, actor: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom('layout_drafts')
      .where('layout', '=', name)
      .returning(['author', 'base_version'])
      .executeTakeFirst();
    if (!gone) return false;
    await tx
      .insertInto('layout_audit')
      .values({
        layout: name,
        action: 'discard',
        actor,
        from_version: gone.base_version,
        to_version: null,
        reason: `draft discarded (last saved by ${gone.author})`,
      })
      .execute();
    return true;
  });
}

export async function listLayouts(db: Db) {
  const rows = await db
    .selectFrom('layouts')
    .leftJoin('layout_drafts', 'layout_drafts.layout', 'layouts.name')
    .select([
      'layouts.name',
      'layouts.published_version',
      'layouts.updated_at',
      'layout_drafts.updated_at as draft_at',
      'layout_drafts.author as draft_author',
    ])
    .select((eb) =>
      eb
        .selectFrom('layout_versions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('layout_versions.layout', '=', 'layouts.name')
        .as('versions'),
    )
    .orderBy('layouts.name')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    published: r.published_version,
    versions: Number(r.versions ?? 0),
    updatedAt: r.updated_at,
    draft: r.draft_at ? { author: r.draft_author, updatedAt: r.draft_at } : null,
  }));
}

export async function layoutDetail(db: Db, name: string) {
  const layout = await db
    .selectFrom('layouts')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  if (!layout) return null;
  const versions = await db
    .selectFrom('layout_versions')
    .select(['version', 'hash', 'author', 'note', 'created_at'])
    .where('layout', '=', name)
    .orderBy('version', 'desc')
    .execute();
  const published =
    layout.published_version === null
      ? null
      : await db
          .selectFrom('layout_versions')
          .select(['version', 'content', 'author', 'note', 'created_at'])
          .where('layout', '=', name)
          .where('version', '=', layout.published_version)
          .executeTakeFirst();
  const draft = await db
    .selectFrom('layout_drafts')
    .selectAll()
    .where('layout', '=', name)
    .executeTakeFirst();
  const audit = await db
    .selectFrom('layout_audit')
    .selectAll()
    .where('layout', '=', name)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const approvals = await db
    .selectFrom('layout_approvals')
    .select(['hash', 'approver', 'at'])
    .where('layout', '=', name)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return {
    name,
    published: published
      ? {
          version: published.version,
          content: published.content,
          author: published.author,
          note: published.note,
          createdAt: published.created_at,
        }
      : null,
    draft: draft
      ? {
          content: draft.content,
          baseVersion: draft.base_version,
          author: draft.author,
          updatedAt: draft.updated_at,
        }
      : null,
    versions: versions.map((v) => ({
      version: v.version,
      hash: v.hash,
      author: v.author,
      note: v.note,
      createdAt: v.created_at,
      published: v.version === layout.published_version,
    })),
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      actor: a.actor,
      at: a.at,
      from: a.from_version,
      to: a.to_version,
      reason: a.reason,
    })),
    approvals: approvals.map((a) => ({ hash: a.hash, approver: a.approver, at: a.at })),
  };
}

export async function versionContent(
  db: Db,
  name: string,
  version: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('layout_versions')
    .select('content')
    .where('layout', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.content ?? null;
}

/** The database as the layout store's source. */
export function dbLayoutSource(db: Db): LayoutSource {
  return {
    async published(name) {
      const row = await db
        .selectFrom('layouts')
        .innerJoin('layout_versions', (j) =>
          j
            .onRef('layout_versions.layout', '=', 'layouts.name')
            .onRef('layout_versions.version', '=', 'layouts.published_version'),
        )
        .select(['layout_versions.version', 'layout_versions.content', 'layout_versions.served'])
        .where('layouts.name', '=', name)
        .executeTakeFirst();
      return row ? { version: row.version, content: row.content, served: row.served } : null;
    },
    async draft(name) {
      const d = await db
        .selectFrom('layout_drafts')
        .select('content')
        .where('layout', '=', name)
        .executeTakeFirst();
      if (d) return d.content;
      return (await this.published(name))?.content ?? null;
    },
    async versions() {
      const rows = await db.selectFrom('layouts').select(['name', 'published_version']).execute();
      return new Map(
        rows
          .filter((r) => r.published_version !== null)
          .map((r) => [r.name, r.published_version as number]),
      );
    },
  };
}
