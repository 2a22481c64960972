/**
 * The layout studio for operators: /studio (the separate studio build, dist/studio/) and its JSON
 * API under /studio/api, every route but login behind the operator cookie. Publishing and
 * rollback go through server/layouts/publish.ts (checked, versioned, audited); the draft preview is the
 * real borrower route with a preview token (server/layouts/store.ts, appShell).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import type { CounterStore } from '../../http/counters';
import type { LayoutStore } from '../store';
import type { StudioCredentials } from './auth';
import { registerApprovals } from './approvalRoutes';
import { registerRollbackApprovals } from '../approvals/routes';
import { guardStudioArea, sameOriginWrites } from './area';
import { previewLink, type StudioContext } from './context';
import { jsonOnly, operatorSession, studioOn } from './guard';
import { registerDraftRoutes, registerLayoutReads } from './layoutRoutes';
import { registerLogin } from './loginRoutes';
import type { OperatorRole } from './operators';
import { registerPublish, registerRollback } from './publishRoutes';
import { ok } from './replies';
import { dataSchemaBundle, layoutSchemaBundle } from './schemaBundle';

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

/** The studio's page: its build's HTML, or a plain sentence saying why there is none. */
function studioPage(creds: StudioCredentials | null, distDir: string) {
  const htmlFile = join(distDir, 'studio', 'studio.html');
  return async (_req: FastifyRequest, reply: FastifyReply) => {
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
}

function registerOperatorRoutes(app: FastifyInstance, ctx: StudioContext): void {
  app.get('/studio/api/me', async (req) => ok({ user: req.studioUser, role: req.studioRole }));
  app.get('/studio/api/schema', async () => ok(layoutSchemaBundle()));
  app.get('/studio/api/data-schemas', async () => ok(dataSchemaBundle()));
  registerLayoutReads(app, ctx);
  registerDraftRoutes(app, ctx);
  registerPublish(app, ctx);
  registerRollback(app, ctx);
  registerApprovals(app, { db: ctx.db, fragments: ctx.fragments });
  registerRollbackApprovals(app, { db: ctx.db });
}

export function registerStudio(app: FastifyInstance, deps: StudioDeps): void {
  const { db, creds } = deps;
  const now = () => deps.now().getTime();
  const ctx: StudioContext = {
    db,
    store: deps.store,
    fragments: () => app.kopaLayouts.fragments(),
    now,
    preview: previewLink(deps.secret, now),
  };
  // First: the studio off answers 404 under all of /studio, and writes come from the studio only.
  guardStudioArea(app, creds !== null);

  const page = studioPage(creds, deps.distDir);
  app.get('/studio', page);
  app.get('/studio/', page);

  // Every API route is in one of two scopes whose hooks run for the route itself, however its
  // path was spelt: login (studio on, JSON only) and the rest (studio on, operator, JSON only).
  app.register(async (open) => {
    open.addHook('onRequest', studioOn(creds));
    open.addHook('onRequest', sameOriginWrites);
    open.addHook('onRequest', jsonOnly);
    registerLogin(open, {
      db,
      now,
      creds,
      counters: deps.counters,
      secureCookies: deps.secureCookies,
    });
  });
  app.register(async (operator) => {
    operator.addHook('onRequest', studioOn(creds));
    operator.addHook('onRequest', sameOriginWrites);
    operator.addHook('onRequest', operatorSession(db, now));
    operator.addHook('onRequest', jsonOnly);
    registerOperatorRoutes(operator, ctx);
  });
}
