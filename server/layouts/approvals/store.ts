/**
 * Approvals on the database (migration 008): each names the exact content (its versionHash) and
 * its approver, and ends when the draft changes, at publish, at rollback, or APPROVAL_MS after
 * it was given. Who saved the current draft is kept: they may not approve it.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { APPROVAL_MS } from './policy';

type Tx = Db | Transaction<Database>;

/** The approver of a live approval of `hash` who is neither `actor` nor an editor of the draft. */
export async function liveApprover(
  db: Tx,
  args: { name: string; hash: string; kind: 'draft' | 'rollback'; actor: string; now: number },
): Promise<string | null> {
  const editors = await draftEditors(db, args.name);
  const rows = await db
    .selectFrom('layout_approvals')
    .select(['approver'])
    .where('layout', '=', args.name)
    .where('hash', '=', args.hash)
    .where('kind', '=', args.kind)
    .where('ended_at', 'is', null)
    .where('at', '>', new Date(args.now - APPROVAL_MS))
    .orderBy('id', 'desc')
    .execute();
  const ok = rows.find(
    (r) => r.approver !== args.actor && (args.kind === 'rollback' || !editors.includes(r.approver)),
  );
  return ok?.approver ?? null;
}

/** Ends every open approval of a layout, saying why. */
export async function endApprovals(tx: Tx, name: string, reason: string): Promise<void> {
  await tx
    .updateTable('layout_approvals')
    .set({ ended_at: new Date(), ended_reason: reason })
    .where('layout', '=', name)
    .where('ended_at', 'is', null)
    .execute();
}

export async function recordEditor(tx: Tx, name: string, editor: string): Promise<void> {
  await tx
    .insertInto('layout_draft_editors')
    .values({ layout: name, editor })
    .onConflict((oc) => oc.columns(['layout', 'editor']).doNothing())
    .execute();
}

export async function draftEditors(db: Tx, name: string): Promise<string[]> {
  const rows = await db
    .selectFrom('layout_draft_editors')
    .select('editor')
    .where('layout', '=', name)
    .execute();
  return rows.map((r) => r.editor);
}

/** The draft is gone (published or discarded): its editors with it, its approvals ended. */
export async function closeDraft(tx: Tx, name: string, reason: string): Promise<void> {
  await tx.deleteFrom('layout_draft_editors').where('layout', '=', name).execute();
  await endApprovals(tx, name, reason);
}
