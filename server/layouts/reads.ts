/**
 * Reading the layouts back from the database: the studio's list and detail (versions, draft, audit,
 * approvals), one version's text, and the layout store's source (what borrowers are served).
 */
import type { Db } from '../db';
import type { LayoutSource } from './store';
import { APPROVAL_MS } from './approvals/policy';

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

/** Approvals that still count: of a draft, not ended (draft changed, published, rolled back), not expired. */
function liveApprovals(db: Db, name: string) {
  return db
    .selectFrom('layout_approvals')
    .select(['hash', 'approver', 'at'])
    .where('layout', '=', name)
    .where('kind', '=', 'draft')
    .where('ended_at', 'is', null)
    .where('at', '>', new Date(Date.now() - APPROVAL_MS))
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
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
  const approvals = await liveApprovals(db, name);
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
