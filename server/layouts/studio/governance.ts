/**
 * Who may change what borrowers see. A publisher publishes and rolls back; an editor
 * edits drafts. The screens that move money (MONEY_ROUTES) are published only with a second
 * operator's approval of that exact draft: its versionHash (text and fragment expansion), so a
 * change after the approval needs a new one. Two operators saving one draft within
 * EDIT_OVERLAP_MS are warned about each other (one shared draft per layout).
 */
import routes from '../../../config/routes.json';
import type { Db } from '../../db';
import type { FragmentFiles } from '@kopa/contract';
import { forbidden } from '../../core/errors';
import { servedText } from '../servedFragments';
import { versionHash } from '../publish';
import type { OperatorRole } from './operators';
import { audit } from '../audit';

/** Route keys of the money screens: confirm, repay, repay delay, repay by card, bind bank. */
const MONEY_ROUTES = [
  'confirm',
  'confirmLegacy',
  'repay',
  'repayDelay',
  'repayChoose',
  'bindCard',
] as const;
const pages: Record<string, { layout: string }> = routes.pages;
export const MONEY_LAYOUTS: ReadonlySet<string> = new Set(
  MONEY_ROUTES.map((k) => pages[k]?.layout).filter((l): l is string => !!l),
);

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

type ApprovalState =
  | { needed: false }
  | { needed: true; by: string | null; approvedOther: string[]; selfOnly: boolean };

/**
 * Whether publishing this draft of `name` by `publisher` has the second operator it needs:
 * `by` names the approver, else null; what the draft's approvals say otherwise, for the message.
 */
export async function approvalFor(
  db: Db,
  name: string,
  hash: string,
  publisher: string,
): Promise<ApprovalState> {
  if (!MONEY_LAYOUTS.has(name)) return { needed: false };
  const rows = await db
    .selectFrom('layout_approvals')
    .select(['hash', 'approver'])
    .where('layout', '=', name)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const exact = rows.filter((r) => r.hash === hash);
  const by = exact.find((r) => r.approver !== publisher)?.approver ?? null;
  return {
    needed: true,
    by,
    approvedOther: [...new Set(rows.filter((r) => r.hash !== hash).map((r) => r.approver))],
    selfOnly: by === null && exact.length > 0,
  };
}

export function approvalMissing(
  name: string,
  hash: string,
  state: Extract<ApprovalState, { needed: true }>,
): string {
  const base = `"${name}" moves money: publishing needs another publisher's approval of this exact draft (${shortHash(hash)}).`;
  if (state.selfOnly)
    return `${base} Your own approval does not count: ask another publisher to approve it.`;
  if (state.approvedOther.length > 0)
    return `${base} The draft changed after ${state.approvedOther.join(', ')} approved an earlier text: ask for approval again.`;
  return `${base} Ask another publisher to open it and press Approve.`;
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
