/**
 * Publishing a draft and rolling back to an old version from the studio: publishers only, a reason
 * in the history, a second operator's approval where the policy asks for one
 * (server/layouts/approvals), and the served layout's cache dropped after.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { checkLayoutText } from '../check';
import { compileAhead } from '../compiled';
import { publishText, rollback } from '../publish';
import { layoutDetail } from '../reads';
import { publishGate, rollbackGate } from '../approvals/gate';
import type { StudioContext } from './context';
import { draftHash, requirePublisher } from './governance';
import { layoutName, ok, refused, text } from './replies';
import { MAX_VERSION, versionNumber } from './versionNumber';

export function registerPublish(app: FastifyInstance, ctx: StudioContext): void {
  const { db, store, fragments, now } = ctx;
  app.post<{ Params: { name: string } }>('/studio/api/layouts/:name/publish', async (req) => {
    const name = layoutName(req.params);
    requirePublisher(req.studioRole, 'Publishing');
    const note = text(req.body, 'note').trim();
    if (!note) throw badRequest('note: say why (it goes into the history).');
    const detail = await layoutDetail(db, name);
    if (!detail) throw notFound(`No layout named "${name}".`);
    if (!detail.draft) throw badRequest('There is no draft to publish.');
    const actor = req.studioUser ?? '';
    // A draft with problems is refused with them first: the operator fixes it before anyone is
    // asked to approve it (the same check publishText runs again below).
    const issues = checkLayoutText(name, detail.draft.content, fragments());
    if (issues.length > 0)
      throw refused(`Not published: ${issues.length} problem(s) in the draft.`, issues);
    // A money screen: a second operator approved exactly this text (and its fragments as they are now).
    const hash = draftHash(detail.draft.content, fragments());
    const approvedBy = await publishGate(db, {
      name,
      draft: detail.draft.content,
      published: detail.published?.content,
      hash,
      fragments: fragments(),
      actor,
      now: now(),
    });
    const fullNote = approvedBy ? `${note} (approved by ${approvedBy})` : note;
    const res = await publishText(db, {
      name,
      text: detail.draft.content,
      fragments: fragments(),
      actor,
      note: fullNote,
      action: 'publish',
      clearDraft: true,
      approvedBy,
    });
    if (!res.ok)
      throw refused(`Not published: ${res.issues.length} problem(s) in the draft.`, res.issues);
    store.invalidate(name);
    await compileAhead(store, [name], req.log);
    return ok({ version: res.to, from: res.from, changed: res.changed });
  });
}

export function registerRollback(app: FastifyInstance, ctx: StudioContext): void {
  const { db, store, fragments, now } = ctx;
  app.post<{ Params: { name: string } }>('/studio/api/layouts/:name/rollback', async (req) => {
    const name = layoutName(req.params);
    requirePublisher(req.studioRole, 'Rolling back');
    const version = versionNumber((req.body as { version?: unknown } | null)?.version);
    const reason = text(req.body, 'reason').trim();
    if (version === null)
      throw badRequest(`version: a version number from 1 to ${MAX_VERSION} is required.`);
    if (!reason) throw badRequest('reason: say why (it goes into the history).');
    const actor = req.studioUser ?? '';
    const gate = await rollbackGate(db, {
      name,
      version,
      actor,
      fragments: fragments(),
      now: now(),
    });
    const why = gate.approvedBy ? `${reason} (approved by ${gate.approvedBy})` : reason;
    const res = await rollback(db, {
      name,
      version,
      actor,
      reason: why,
      emergency: gate.emergency,
    });
    if (!res.ok) {
      if (res.status === 422) throw refused(res.message, res.issues);
      throw new ApiError(res.status, String(res.status), res.message);
    }
    store.invalidate(name);
    await compileAhead(store, [name], req.log);
    return ok({ version: res.to, from: res.from });
  });
}
