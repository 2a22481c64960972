/**
 * The second operator of a money screen's publish: POST .../approve records the
 * current operator's approval of the draft exactly as it is now (its hash), after the same checks
 * as publishing. Behind the studio's auth hook like every /studio/api route.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import type { FragmentFiles } from '@kopa/contract';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { checkLayoutText } from '../check';
import { layoutDetail } from '../reads';
import { LAYOUT_NAME } from '../store';
import { approve, draftHash, requirePublisher, shortHash } from './governance';
import { effectView } from '../approvals/policy';
import { draftEditors } from '../approvals/store';

export function registerApprovals(
  app: FastifyInstance,
  deps: { db: Db; fragments: () => FragmentFiles },
): void {
  const { db, fragments } = deps;
  app.post<{ Params: { name: string } }>('/studio/api/layouts/:name/approve', async (req) => {
    const name = req.params.name;
    if (!LAYOUT_NAME.test(name)) throw notFound('No such layout.');
    requirePublisher(req.studioRole, 'Approving');
    const detail = await layoutDetail(db, name);
    if (!detail) throw notFound(`No layout named "${name}".`);
    if (!detail.draft) throw badRequest('There is no draft to approve.');
    const view = effectView(detail.draft.content, detail.published?.content, fragments());
    if (!view.twoPerson)
      throw badRequest(
        `"${name}" needs no approval: this draft makes no money or identity call and does what the published version does.`,
      );
    if ((await draftEditors(db, name)).includes(req.studioUser ?? ''))
      throw new ApiError(
        403,
        '403',
        'You edited this draft: it is approved by a publisher who did not edit it.',
      );
    // The operator approves what they saw: the client names the hash it showed, and a draft that
    // changed since is not approved by mistake.
    const seen = (req.body as { hash?: unknown } | null)?.hash;
    const hash = draftHash(detail.draft.content, fragments());
    if (typeof seen === 'string' && seen !== hash)
      throw new ApiError(
        409,
        '409',
        'The draft changed since you opened it: look at it again before approving.',
      );
    const issues = checkLayoutText(name, detail.draft.content, fragments());
    if (issues.length > 0)
      throw Object.assign(
        new ApiError(422, '422', `Not approved: ${issues.length} problem(s) in the draft.`),
        { data: { issues } },
      );
    const approver = req.studioUser ?? '';
    await approve(db, { name, hash, approver, published: detail.published?.version ?? null });
    return { code: 0, message: 'success', data: { hash, short: shortHash(hash), approver } };
  });
}
