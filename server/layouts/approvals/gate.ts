/**
 * The two-person checks at publish and at rollback (policy.ts says when two are needed;
 * store.ts which approvals still count). Each throws 409 with what is missing and why.
 */
import type { Db } from '../../db';
import type { FragmentFiles } from '@kopa/contract';
import { ApiError } from '../../core/errors';
import { shortHash } from '../studio/governance';
import { effectView } from './policy';
import { liveApprover } from './store';

const conflict = (message: string) => new ApiError(409, '409', message);

/** Why no approval of `hash` counts for `actor`: their own, ended, or none. */
async function missing(db: Db, name: string, hash: string, actor: string): Promise<string> {
  const rows = await db
    .selectFrom('layout_approvals')
    .select(['approver', 'ended_reason', 'ended_at'])
    .where('layout', '=', name)
    .where('hash', '=', hash)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const ended = rows.find((r) => r.ended_reason);
  if (ended) return `The approval by ${ended.approver} ended (${ended.ended_reason}): ask again.`;
  if (rows.length > 0 && rows.every((r) => r.approver === actor))
    return 'Your own approval does not count: ask another publisher to approve it.';
  if (rows.length > 0)
    return 'The approvals of this text have run out (24 hours) or come from someone who edited it: ask another publisher.';
  return 'Ask another publisher to open it and press Approve.';
}

/** The approver publishing this draft needs (null: one person may publish it). */
export async function publishGate(
  db: Db,
  args: {
    name: string;
    draft: string;
    published: string | undefined;
    hash: string;
    fragments: FragmentFiles;
    actor: string;
    now: number;
  },
): Promise<string | null> {
  const view = effectView(args.draft, args.published, args.fragments);
  if (!view.twoPerson) return null;
  const by = await liveApprover(db, { ...args, kind: 'draft' });
  if (by) return by;
  throw conflict(
    `"${args.name}" needs two people to publish: ${view.twoPerson}. Another publisher who did not edit this draft must approve this exact text (${shortHash(args.hash)}). ${await missing(db, args.name, args.hash, args.actor)}`,
  );
}

/**
 * Whether `actor` may roll `name` back to `version` alone: yes when that version was itself
 * published by two people (the emergency path: answers who approved it, for the audit), or when
 * going back changes nothing two people must see; otherwise an open approval of the rollback.
 */
export async function rollbackGate(
  db: Db,
  args: { name: string; version: number; actor: string; fragments: FragmentFiles; now: number },
): Promise<{ emergency: string | null; approvedBy: string | null }> {
  const rows = await db
    .selectFrom('layout_versions')
    .innerJoin('layouts', 'layouts.name', 'layout_versions.layout')
    .select([
      'layout_versions.version',
      'served',
      'hash',
      'approved_by',
      'author',
      'published_version',
    ])
    .where('layout', '=', args.name)
    .execute();
  const target = rows.find((r) => r.version === args.version);
  if (!target) return { emergency: null, approvedBy: null };
  if (target.approved_by)
    return {
      emergency: `v${args.version} was published by ${target.author}, approved by ${target.approved_by}`,
      approvedBy: null,
    };
  const current = rows.find((r) => r.version === r.published_version);
  const view = effectView(target.served, current?.served, {});
  if (!view.twoPerson) return { emergency: null, approvedBy: null };
  const by = await liveApprover(db, {
    name: args.name,
    hash: target.hash,
    kind: 'rollback',
    actor: args.actor,
    now: args.now,
  });
  if (by) return { emergency: null, approvedBy: by };
  throw conflict(
    `Rolling "${args.name}" back to v${args.version} needs two people: ${view.twoPerson}, and v${args.version} was published by one. Another publisher must approve this rollback (POST .../versions/${args.version}/approve). ${await missing(db, args.name, target.hash, args.actor)}`,
  );
}
