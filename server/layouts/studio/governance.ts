/**
 * Who may change what borrowers see. A publisher publishes and rolls back; an editor edits
 * drafts. An approval is of one exact draft: its versionHash (text and fragment expansion); when
 * one is needed is ../approvals/policy.ts (by effect). Two operators saving one draft within
 * EDIT_OVERLAP_MS are warned about each other (one shared draft per layout).
 */
import type { Db } from '../../db';
import type { FragmentFiles } from '@kopa/contract';
import { forbidden } from '../../core/errors';
import { servedText } from '../servedFragments';
import { versionHash } from '../publish';
import type { OperatorRole } from './operators';
import { audit } from '../audit';

const EDIT_OVERLAP_MS = 15 * 60_000;

export function requirePublisher(role: OperatorRole | undefined, what: string): void {
  if (role !== 'publisher')
    throw forbidden(
      `${what} needs the publisher role; your account is an editor. Ask a publisher.`,
    );
}

/** The identity an approval is for: the same as the version the draft would become. */
export function draftHash(text: string, fragments: FragmentFiles): string {
  return versionHash(text, servedText(text, fragments));
}

export const shortHash = (hash: string) => hash.slice(0, 8);

/** Records `approver`'s approval of the draft with this hash, with its audit entry. */
export async function approve(
  db: Db,
  args: { name: string; hash: string; approver: string; published: number | null },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('layout_approvals')
      .values({ layout: args.name, hash: args.hash, approver: args.approver })
      .execute();
    await audit(tx, {
      layout: args.name,
      action: 'approve',
      actor: args.approver,
      from_version: args.published,
      to_version: null,
      reason: `approved draft ${shortHash(args.hash)}`,
    });
  });
}

/** "ana also edited this draft 3 min ago ..." when another operator saved it recently; else null. */
export function overlapWarning(
  previous: { author: string; updatedAt: Date } | null,
  actor: string,
  now: number,
): string | null {
  if (!previous || previous.author === actor || previous.author === '') return null;
  const ago = now - previous.updatedAt.getTime();
  if (ago > EDIT_OVERLAP_MS) return null;
  const minutes = Math.max(0, Math.round(ago / 60_000));
  return `${previous.author} also edited this draft ${minutes === 0 ? 'less than a minute' : `${minutes} min`} ago: you share one draft, and each save replaces the other's text. Agree who goes on, and check the diff before publishing.`;
}
