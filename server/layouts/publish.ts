/**
 * Publishing layouts on the database (migration 004): immutable versions, one published version
 * per layout, and an audit entry per change. Every way to a published version (publish, import,
 * rollback) goes through checkLayoutText first and refuses with the issues: nothing invalid ever
 * becomes the published version. A publish notifies the other server instances in the same
 * transaction (server/layouts/sync.ts). Drafts: drafts.ts; reading it all back: reads.ts.
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/types';
import type { FragmentFiles } from '@kopa/contract';
import { checkLayoutText, type LocatedIssue } from './check';
import { servedText } from './servedFragments';
import { audit } from './audit';
import { closeDraft, endApprovals } from './approvals/store';
import { layoutPublishes, layoutRollbacks } from '../metrics/registry';

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

type Tx = Transaction<Database>;

interface PublishArgs {
  name: string;
  text: string;
  fragments: FragmentFiles;
  actor: string;
  note: string;
  action: 'publish' | 'import' | 'import-forced';
  sourceHash?: string;
  clearDraft?: boolean;
  /** The second publisher who approved this text (two-person publishing). */
  approvedBy?: string | null;
}

/** The published version of `name` (null: none yet), its row created if new and locked. */
async function lockLayout(tx: Tx, name: string): Promise<number | null> {
  await tx
    .insertInto('layouts')
    .values({ name, published_version: null, source_hash: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  // The row lock orders concurrent publishes of one layout: version numbers never collide.
  const layout = await tx
    .selectFrom('layouts')
    .select(['published_version'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return layout.published_version;
}

async function versionHashOf(tx: Tx, name: string, version: number): Promise<string | undefined> {
  const row = await tx
    .selectFrom('layout_versions')
    .select('hash')
    .where('layout', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.hash;
}

/** The draft is gone once published, and so is its review. */
async function clearPublishedDraft(tx: Tx, name: string): Promise<void> {
  await tx.deleteFrom('layout_drafts').where('layout', '=', name).execute();
  await closeDraft(tx, name, 'published');
}

/** The next version number, stored with its text, expansion and author; returns the number. */
async function insertVersion(
  tx: Tx,
  args: PublishArgs,
  served: string,
  hash: string,
): Promise<number> {
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
      approved_by: args.approvedBy ?? null,
    })
    .execute();
  return to;
}

/** Makes `to` the published version, with its audit entry, and tells the other instances. */
async function markPublished(tx: Tx, args: PublishArgs, from: number | null, to: number) {
  await tx
    .updateTable('layouts')
    .set({
      published_version: to,
      updated_at: sql`now()`,
      ...(args.sourceHash ? { source_hash: args.sourceHash } : {}),
    })
    .where('name', '=', args.name)
    .execute();
  await audit(tx, {
    layout: args.name,
    action: args.action,
    actor: args.actor,
    from_version: from,
    to_version: to,
    reason: args.note,
  });
  if (args.clearDraft) await clearPublishedDraft(tx, args.name);
  else await endApprovals(tx, args.name, 'published');
  await notify(tx, args.name);
}

/** The same version again: only the import's source hash and the draft are brought up to date. */
async function keepPublished(tx: Tx, args: PublishArgs): Promise<void> {
  if (args.sourceHash)
    await tx
      .updateTable('layouts')
      .set({ source_hash: args.sourceHash })
      .where('name', '=', args.name)
      .execute();
  if (args.clearDraft) await clearPublishedDraft(tx, args.name);
}

/**
 * Publishes `text` as the next version of `name` (creating the layout if new) after checking it,
 * its fragments expanded with `fragments` and stored with it (the body borrowers get). The same
 * text and expansion as the published version changes nothing (no version, no audit entry); the
 * same text whose fragments changed is a new version.
 */
export async function publishText(db: Db, args: PublishArgs): Promise<PublishResult> {
  const issues = checkLayoutText(args.name, args.text, args.fragments);
  if (issues.length > 0) return { ok: false, issues };
  const served = servedText(args.text, args.fragments);
  const hash = versionHash(args.text, served);
  const result = await db.transaction().execute(async (tx) => {
    const from = await lockLayout(tx, args.name);
    if (from !== null && (await versionHashOf(tx, args.name, from)) === hash) {
      await keepPublished(tx, args);
      return { ok: true as const, changed: false, from, to: from };
    }
    const to = await insertVersion(tx, args, served, hash);
    await markPublished(tx, args, from, to);
    return { ok: true as const, changed: true, from, to };
  });
  // Counted once committed: a publish that rolled back never happened.
  if (result.changed) layoutPublishes.inc({ action: args.action });
  return result;
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
  args: {
    name: string;
    version: number;
    actor: string;
    reason: string;
    /** Set on the one-person path back to a version two people published: why, for the audit. */
    emergency?: string | null;
  },
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
  const result = await db.transaction().execute(async (tx) => {
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
    await audit(tx, {
      layout: args.name,
      action: args.emergency ? 'rollback-emergency' : 'rollback',
      actor: args.actor,
      from_version: layout.published_version,
      to_version: args.version,
      reason: args.emergency ? `${args.reason} (emergency: ${args.emergency})` : args.reason,
    });
    await endApprovals(tx, args.name, 'rolled back');
    await notify(tx, args.name);
    return { ok: true as const, from: layout.published_version, to: args.version };
  });
  if (result.ok) layoutRollbacks.inc();
  return result;
}
