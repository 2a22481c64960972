/**
 * Reading and editing layouts in the studio: the list, one layout with its draft's issues, effects
 * and preview, an old version's text, and saving or discarding the draft. Behind the studio's
 * operator hook like every /studio/api route but login.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../core/errors';
import { checkLayoutText } from '../check';
import { discardDraft, saveDraft } from '../drafts';
import { layoutDetail, listLayouts, versionContent } from '../reads';
import { scenariosFor } from '../previewScenarios';
import { failureScenariosFor } from '../previewFailures';
import { effectView } from '../approvals/policy';
import { previewPath, type StudioContext } from './context';
import { draftHash, overlapWarning } from './governance';
import { layoutName, ok, text } from './replies';
import { versionNumber } from './versionNumber';

const MAX_TEXT = 1024 * 1024;

/** The JSON of a layout text, or null (a draft may not be JSON yet). */
function parsed(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    return null;
  }
}

/** The preview's Data choices: the data scenarios, then the failure scenarios. */
function scenariosWithFailures(doc: unknown) {
  return [...scenariosFor(doc), ...failureScenariosFor(doc)];
}

export function registerLayoutReads(app: FastifyInstance, ctx: StudioContext): void {
  const { db, fragments, now } = ctx;
  app.get('/studio/api/layouts', async () => {
    const list = await listLayouts(db);
    return ok(list.map((l) => ({ ...l, path: previewPath(l.name)?.split('?')[0] ?? null })));
  });

  app.get<{ Params: { name: string } }>('/studio/api/layouts/:name', async (req) => {
    const name = layoutName(req.params);
    const detail = await layoutDetail(db, name);
    if (!detail) throw notFound(`No layout named "${name}".`);
    const draftText = detail.draft?.content;
    const hash = draftText === undefined ? null : draftHash(draftText, fragments());
    const draftInfo =
      detail.draft && hash
        ? {
            ...detail.draft,
            hash,
            approvedBy: detail.approvals.filter((a) => a.hash === hash).map((a) => a.approver),
          }
        : null;
    return ok({
      ...detail,
      draft: draftInfo,
      // What the draft does and how that differs from the published version (publishing by effect).
      effects: effectView(draftText, detail.published?.content, fragments()),
      issues: draftText === undefined ? [] : checkLayoutText(name, draftText, fragments()),
      preview: ctx.preview(name),
      scenarios: scenariosWithFailures(parsed(draftText ?? detail.published?.content ?? '')),
      warning: detail.draft
        ? overlapWarning(
            { author: detail.draft.author, updatedAt: new Date(detail.draft.updatedAt) },
            req.studioUser ?? '',
            now(),
          )
        : null,
    });
  });

  app.get<{ Params: { name: string; version: string } }>(
    '/studio/api/layouts/:name/versions/:version',
    async (req) => {
      const name = layoutName(req.params);
      const version = versionNumber(req.params.version);
      const content = version === null ? null : await versionContent(db, name, version);
      if (content === null)
        throw notFound(`Layout "${name}" has no version ${JSON.stringify(req.params.version)}.`);
      return ok({ version, content });
    },
  );
}

export function registerDraftRoutes(app: FastifyInstance, ctx: StudioContext): void {
  const { db, fragments, now } = ctx;
  // Saving the draft answers with its issues (the editor's inline errors): the same check as publishing.
  app.put<{ Params: { name: string } }>(
    '/studio/api/layouts/:name/draft',
    { bodyLimit: MAX_TEXT + 4096 },
    async (req) => {
      const name = layoutName(req.params);
      const content = text(req.body, 'content');
      if (content.length === 0) throw badRequest('content: the draft text is required.');
      const saved = await saveDraft(db, { name, text: content, actor: req.studioUser ?? '' });
      if (!saved) throw notFound(`No layout named "${name}".`);
      return ok({
        issues: checkLayoutText(name, content, fragments()),
        preview: ctx.preview(name),
        hash: draftHash(content, fragments()),
        warning: overlapWarning(saved.previous, req.studioUser ?? '', now()),
      });
    },
  );

  app.delete<{ Params: { name: string } }>('/studio/api/layouts/:name/draft', async (req) => {
    return ok({
      discarded: await discardDraft(db, layoutName(req.params), req.studioUser ?? ''),
    });
  });
}
