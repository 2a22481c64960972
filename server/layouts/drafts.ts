/** The one shared draft per layout (migration 004): saved and thrown away, each with its audit entry. */
import { sql } from 'kysely';
import type { Db } from '../db';
import { audit } from './audit';
import { closeDraft, endApprovals, recordEditor } from './approvals/store';

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
      .select(['author', 'updated_at', 'content'])
      .where('layout', '=', args.name)
      .executeTakeFirst();
    // Approvals are of one text: any change ends them (changing back does not bring them back).
    if (existing?.content !== args.text) await endApprovals(tx, args.name, 'the draft changed');
    await recordEditor(tx, args.name, args.actor);
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
      await audit(tx, {
        layout: args.name,
        action: 'draft',
        actor: args.actor,
        from_version: layout.published_version,
        to_version: null,
        reason: 'draft started',
      });
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
    await closeDraft(tx, name, 'the draft was discarded');
    await audit(tx, {
      layout: name,
      action: 'discard',
      actor,
      from_version: gone.base_version,
      to_version: null,
      reason: `draft discarded (last saved by ${gone.author})`,
    });
    return true;
  });
}
