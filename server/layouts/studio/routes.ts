/**
 * The layout studio for operators: /studio (the separate studio build, dist/studio/) and its JSON
 * API under /studio/api, every route but login behind the operator cookie. Publishing and
 * rollback go through server/layouts/publish.ts (checked, versioned, audited); the draft preview is the
 * real borrower route with a preview token (server/layouts/store.ts, appShell).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import routes from '../../../config/routes.json';
import type { Db } from '../../db';
import type { CounterStore } from '../../http/counters';
import { DEMO_SCREENS, demoQuery } from '../../demo/demoScreens';
import { ApiError, badRequest, notFound, tooMany } from '../../core/errors';
import { checkLayoutText } from '../check';
import { discardDraft, saveDraft } from '../drafts';
import { publishText, rollback } from '../publish';
import { layoutDetail, listLayouts, versionContent } from '../reads';
import { LAYOUT_NAME, type LayoutStore } from '../store';
import { scenariosFor } from '../previewScenarios';
import { failureScenariosFor } from '../previewFailures';
import {
  cookieValue,
  previewToken,
  SESSION_MS,
  STUDIO_COOKIE,
  type StudioCredentials,
} from './auth';
import { registerApprovals } from './approvalRoutes';
import { draftHash, overlapWarning, requirePublisher } from './governance';
import { publishGate, rollbackGate } from '../approvals/gate';
import { effectView } from '../approvals/policy';
import { registerRollbackApprovals } from '../approvals/routes';
import { guardStudioArea, sameOriginWrites } from './area';
import { MAX_VERSION, versionNumber } from './versionNumber';
import { jsonOnly, operatorSession, studioOn } from './guard';
import { lockMessage, loginFailed, loginLimiter } from './loginLimit';
import { authenticate, envAccounts, type OperatorRole } from './operators';
import { dataSchemaBundle, layoutSchemaBundle } from './schemaBundle';
import { openSession, revokeSession, sessionCookie, sessionOperator } from './sessions';

export interface StudioDeps {
  db: Db;
  store: LayoutStore;
  secret: string;
  now: () => Date;
  /** Null: the studio is off (production without STUDIO_PASSWORD). */
  creds: StudioCredentials | null;
  distDir: string;
  /** Where failed logins are counted (the database: one limit for every instance). */
  counters: CounterStore;
  /** The session cookie is `Secure` even on a plain-http request (production: auth.ts). */
  secureCookies: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of a studio API request (set by the studio's auth hook). */
    studioUser?: string;
    /** Their role (server/layouts/studio/operators.ts). */
    studioRole?: OperatorRole;
  }
}

const ok = (data: unknown) => ({ code: 0, message: 'success', data });
const MAX_TEXT = 1024 * 1024;

/** The borrower route that shows a layout, with the demo query of its first demo screen. */
function previewPath(name: string): string | null {
  const page = Object.values(routes.pages).find((p) => p.layout === name);
  if (!page) return null;
  const screen = DEMO_SCREENS.find(([, path]) => path === page.path);
  return `${page.path}?${demoQuery(screen?.[2])}`;
}

function refused(message: string, issues: unknown): ApiError {
  return Object.assign(new ApiError(422, '422', message), { data: { issues } });
}

function layoutName(params: { name?: string }): string {
  const name = params.name ?? '';
  if (!LAYOUT_NAME.test(name)) throw notFound('No such layout.');
  return name;
}

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

function text(body: unknown, key: string): string {
  const v = (body as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : '';
}

export function registerStudio(app: FastifyInstance, deps: StudioDeps): void {
  const { db, store, secret, creds } = deps;
  const fragments = () => app.kopaLayouts.fragments();
  const now = () => deps.now().getTime();
  const htmlFile = join(deps.distDir, 'studio', 'studio.html');
  const limiter = loginLimiter(deps.counters);
  const accounts = envAccounts(creds);
  const sessionTokenOf = (req: FastifyRequest) =>
    cookieValue(req.headers.cookie, STUDIO_COOKIE) ?? '';
  const cookie = (req: FastifyRequest, token: string, maxAgeMs: number) =>
    sessionCookie(req, token, maxAgeMs, deps.secureCookies);
  // First: the studio off answers 404 under all of /studio, and writes come from the studio only.
  guardStudioArea(app, creds !== null);

  const page = async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!creds)
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The studio is off: set STUDIO_PASSWORD (and STUDIO_USER) to turn it on.');
    if (!existsSync(htmlFile))
      return reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Kopa studio</title><p>The studio is not built yet. Run <code>npm run build</code>, then restart the server.</p>',
        );
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(readFileSync(htmlFile, 'utf8'));
  };
  app.get('/studio', page);
  app.get('/studio/', page);

  // Every API route is in one of two scopes whose hooks run for the route itself, however its
  // path was spelt: login (studio on, JSON only) and the rest (studio on, operator, JSON only).
  app.register(async (open) => {
    open.addHook('onRequest', studioOn(creds));
    open.addHook('onRequest', sameOriginWrites);
    open.addHook('onRequest', jsonOnly);
    registerLogin(open);
  });
  app.register(async (operator) => {
    operator.addHook('onRequest', studioOn(creds));
    operator.addHook('onRequest', sameOriginWrites);
    operator.addHook('onRequest', operatorSession(db, now));
    operator.addHook('onRequest', jsonOnly);
    registerOperatorRoutes(operator);
  });

  function registerLogin(app: FastifyInstance): void {
    // Who is logged in, asked by every studio load: logged out is an answer (user null), not a
    // 401, so opening the studio logs no error in the browser's console.
    app.get('/studio/api/session', async (req) => {
      const operator = await sessionOperator(db, sessionTokenOf(req), now());
      return ok(operator ? { user: operator.name, role: operator.role } : { user: null });
    });
    app.post('/studio/api/login', async (req, reply) => {
      if (!creds) throw notFound('The studio is off.');
      const user = text(req.body, 'user');
      const password = text(req.body, 'password');
      // Per address and per account, counted before the password is read (one atomic count in the
      // shared store: concurrent tries, or tries on other instances, cannot slip past the limit);
      // guesses from rotating addresses still lock the account.
      const lock = await limiter.attempt(req.ip, user);
      if (lock) throw tooMany(lockMessage(lock));
      const operator = await authenticate(db, accounts, user, password);
      if (!operator) throw loginFailed();
      await limiter.succeeded(req.ip, user);
      reply.header(
        'Set-Cookie',
        cookie(req, await openSession(db, operator.name, now()), SESSION_MS),
      );
      return ok({ user: operator.name, role: operator.role });
    });

    // The session ends on the server: the token opens nothing any more, wherever a copy of it is.
    app.post('/studio/api/logout', async (req, reply) => {
      await revokeSession(db, sessionTokenOf(req), now());
      reply.header('Set-Cookie', cookie(req, '', 0));
      return ok(null);
    });
  }

  function registerOperatorRoutes(app: FastifyInstance): void {
    app.get('/studio/api/me', async (req) => ok({ user: req.studioUser, role: req.studioRole }));
    app.get('/studio/api/schema', async () => ok(layoutSchemaBundle()));
    app.get('/studio/api/data-schemas', async () => ok(dataSchemaBundle()));

    app.get('/studio/api/layouts', async () => {
      const list = await listLayouts(db);
      return ok(list.map((l) => ({ ...l, path: previewPath(l.name)?.split('?')[0] ?? null })));
    });

    /** A fresh preview link for the layout's draft (null for a layout no route shows). */
    const preview = (name: string) => {
      const path = previewPath(name);
      if (!path) return null;
      const { token, expires } = previewToken(secret, name, now());
      return {
        url: `${path}&kopaPreview=${encodeURIComponent(token)}`,
        expires: new Date(expires).toISOString(),
      };
    };

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
        preview: preview(name),
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
          preview: preview(name),
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
      return ok({ version: res.to, from: res.from, changed: res.changed });
    });

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
      return ok({ version: res.to, from: res.from });
    });

    registerApprovals(app, { db, fragments });
    registerRollbackApprovals(app, { db });
  }
}
