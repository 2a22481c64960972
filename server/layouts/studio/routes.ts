/**
 * The layout studio for operators: /studio (the separate studio build, dist/studio/) and its JSON
 * API under /studio/api, every route but login behind the operator cookie. Publishing and
 * rollback go through server/layouts/repo.ts (checked, versioned, audited); the draft preview is the
 * real borrower route with a preview token (server/layouts/store.ts, appShell).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import routes from '../../../config/routes.json';
import type { Db } from '../../db';
import type { CounterStore } from '../../http/counters';
import { DEMO_SCREENS, demoQuery } from '../../demo/demoScreens';
import { ApiError, badRequest, notFound, tooMany, unauthorized } from '../../core/errors';
import { checkLayoutText } from '../check';
import { discardDraft, layoutDetail, listLayouts, publishText, rollback, saveDraft, versionContent } from '../repo';
import { LAYOUT_NAME, type LayoutStore } from '../store';
import { previewToken, sameSecret, SESSION_MS, sessionToken, STUDIO_COOKIE, type StudioCredentials } from './auth';
import { jsonOnly, operatorSession, studioOn } from './guard';
import { layoutSchemaBundle } from './schemaBundle';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of a studio API request (set by the studio's auth hook). */
    studioUser?: string;
  }
}

const ok = (data: unknown) => ({ code: 0, message: 'success', data });
const MAX_TEXT = 1024 * 1024;
const LOGIN_TRIES = 10;
const LOGIN_WINDOW_MS = 15 * 60_000;

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

function text(body: unknown, key: string): string {
  const v = (body as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : '';
}

export function registerStudio(app: FastifyInstance, deps: StudioDeps): void {
  const { db, store, secret, creds } = deps;
  const fragments = () => app.kopaLayouts.fragments();
  const now = () => deps.now().getTime();
  const htmlFile = join(deps.distDir, 'studio', 'studio.html');

  const page = async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!creds) return reply.code(404).type('text/plain; charset=utf-8').send('The studio is off: set STUDIO_PASSWORD (and STUDIO_USER) to turn it on.');
    if (!existsSync(htmlFile)) return reply.type('text/html; charset=utf-8').send('<!doctype html><title>Kopa studio</title><p>The studio is not built yet. Run <code>npm run build</code>, then restart the server.</p>');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(readFileSync(htmlFile, 'utf8'));
  };
  app.get('/studio', page);
  app.get('/studio/', page);

  // Every API route is in one of two scopes whose hooks run for the route itself, however its
  // path was spelt: login (studio on, JSON only) and the rest (studio on, operator, JSON only).
  app.register(async (open) => {
    open.addHook('onRequest', studioOn(creds));
    open.addHook('onRequest', jsonOnly);
    registerLogin(open);
  });
  app.register(async (operator) => {
    operator.addHook('onRequest', studioOn(creds));
    operator.addHook('onRequest', operatorSession(secret, now));
    operator.addHook('onRequest', jsonOnly);
    registerOperatorRoutes(operator);
  });

  function registerLogin(app: FastifyInstance): void {
    app.post('/studio/api/login', async (req, reply) => {
      if (!creds) throw notFound('The studio is off.');
      // Every try is counted before the password is read, and a good one clears the count: one
      // atomic count shared by every instance, so concurrent tries cannot slip past the limit.
      const failures = `studio-login:${req.ip}`;
      if ((await deps.counters.hit(failures, LOGIN_WINDOW_MS, { slide: true })).count > LOGIN_TRIES) throw tooMany('Too many failed logins; try again in 15 minutes.');
      const user = text(req.body, 'user');
      const password = text(req.body, 'password');
      // Both compared, always: the time taken says nothing about which one was wrong.
      const good = [sameSecret(user, creds.user), sameSecret(password, creds.password)].every(Boolean);
      if (!good) throw unauthorized('Wrong user name or password.');
      await deps.counters.clear(failures);
      reply.header('Set-Cookie', `${STUDIO_COOKIE}=${sessionToken(secret, user, now())}; Path=/studio; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}`);
      return ok({ user });
    });

    app.post('/studio/api/logout', async (_req, reply) => {
      reply.header('Set-Cookie', `${STUDIO_COOKIE}=; Path=/studio; HttpOnly; SameSite=Strict; Max-Age=0`);
      return ok(null);
    });
  }

  function registerOperatorRoutes(app: FastifyInstance): void {
    app.get('/studio/api/me', async (req) => ok({ user: req.studioUser }));
    app.get('/studio/api/schema', async () => ok(layoutSchemaBundle()));

    app.get('/studio/api/layouts', async () => {
      const list = await listLayouts(db);
      return ok(list.map((l) => ({ ...l, path: previewPath(l.name)?.split('?')[0] ?? null })));
    });

    /** A fresh preview link for the layout's draft (null for a layout no route shows). */
    const preview = (name: string) => {
      const path = previewPath(name);
      if (!path) return null;
      const { token, expires } = previewToken(secret, name, now());
      return { url: `${path}&kopaPreview=${encodeURIComponent(token)}`, expires: new Date(expires).toISOString() };
    };

    app.get<{ Params: { name: string } }>('/studio/api/layouts/:name', async (req) => {
      const name = layoutName(req.params);
      const detail = await layoutDetail(db, name);
      if (!detail) throw notFound(`No layout named "${name}".`);
      const draftText = detail.draft?.content;
      return ok({ ...detail, issues: draftText === undefined ? [] : checkLayoutText(name, draftText, fragments()), preview: preview(name) });
    });

    app.get<{ Params: { name: string; version: string } }>('/studio/api/layouts/:name/versions/:version', async (req) => {
      const name = layoutName(req.params);
      const content = await versionContent(db, name, Number(req.params.version));
      if (content === null) throw notFound(`Layout "${name}" has no version ${req.params.version}.`);
      return ok({ version: Number(req.params.version), content });
    });

    // Saving the draft answers with its issues (the editor's inline errors): the same check as publishing.
    app.put<{ Params: { name: string } }>('/studio/api/layouts/:name/draft', { bodyLimit: MAX_TEXT + 4096 }, async (req) => {
      const name = layoutName(req.params);
      const content = text(req.body, 'content');
      if (content.length === 0) throw badRequest('content: the draft text is required.');
      if (!(await saveDraft(db, { name, text: content, actor: req.studioUser ?? '' }))) throw notFound(`No layout named "${name}".`);
      return ok({ issues: checkLayoutText(name, content, fragments()), preview: preview(name) });
    });

    app.delete<{ Params: { name: string } }>('/studio/api/layouts/:name/draft', async (req) => {
      await discardDraft(db, layoutName(req.params));
      return ok(null);
    });

    app.post<{ Params: { name: string } }>('/studio/api/layouts/:name/publish', async (req) => {
      const name = layoutName(req.params);
      const note = text(req.body, 'note').trim();
      if (!note) throw badRequest('note: say why (it goes into the history).');
      const detail = await layoutDetail(db, name);
      if (!detail) throw notFound(`No layout named "${name}".`);
      if (!detail.draft) throw badRequest('There is no draft to publish.');
      const res = await publishText(db, { name, text: detail.draft.content, fragments: fragments(), actor: req.studioUser ?? '', note, action: 'publish', clearDraft: true });
      if (!res.ok) throw refused(`Not published: ${res.issues.length} problem(s) in the draft.`, res.issues);
      store.invalidate(name);
      return ok({ version: res.to, from: res.from, changed: res.changed });
    });

    app.post<{ Params: { name: string } }>('/studio/api/layouts/:name/rollback', async (req) => {
      const name = layoutName(req.params);
      const version = Number((req.body as { version?: unknown } | null)?.version);
      const reason = text(req.body, 'reason').trim();
      if (!Number.isInteger(version) || version < 1) throw badRequest('version: a version number is required.');
      if (!reason) throw badRequest('reason: say why (it goes into the history).');
      const res = await rollback(db, { name, version, actor: req.studioUser ?? '', reason });
      if (!res.ok) {
        if (res.status === 422) throw refused(res.message, res.issues);
        throw new ApiError(res.status, String(res.status), res.message);
      }
      store.invalidate(name);
      return ok({ version: res.to, from: res.from });
    });
  }
}
