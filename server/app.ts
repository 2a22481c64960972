/**
 * Fastify app factory: database, catalogue, validators, every /vexed endpoint, layouts, uploads,
 * the built app and the security headers. Tests call buildServer() with a temp dataDir.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadEndpointCatalogue, compileApiValidators } from './core/catalogue';
import { loadAppConfig, loadWireNames, ROOT } from './core/config';
import type { ServerContext } from './http/context';
import { openDb, type Db } from './db';
import { responseCheckFor, sessionLifetimesFromEnv } from './core/settings';
import { registerErrorHandling } from './http/errorHandler';
import { registerHealth } from './http/health';
import { closeConnectionsWhenStopping } from './http/shutdown';
import { registerLayouts } from './layouts/routes';
import { startLayouts } from './layouts/service';
import { secureCookiesFromEnv, studioCredentials } from './layouts/studio/auth';
import { registerStudio } from './layouts/studio/routes';
import { registerJsonCompression } from './http/jsonCompression';
import { DEFAULT_SMS_LIMITS, SmsService } from './domain/sms';
import { serverSecret } from './domain/tokens';
import { dbCounters, memoryCounters, startCounterSweep, type CounterStore } from './http/counters';
import { registerPathGuard } from './http/pathGuard';
import { registerBodyHandling } from './http/bodyHandling';
import { demoData } from './demo/demoData';
import type { BuildOptions } from './buildOptions';
import { readPageQuery } from '@kopa/contract';
import { trustProxyFromEnv } from './http/trustProxy';
import { DEFAULT_UPLOAD_QUOTA } from './domain/uploadQuota';
import { startUploadSweeper, sweepOrphanUploads } from './domain/uploadSweep';
import { registerAccount } from './routes/account';
import { registerBank } from './routes/bank';
import { registerComplaints } from './routes/complaints';
import { registerLoan } from './routes/loan';
import { registerPromotion } from './routes/promotion';
import { registerRepayCard } from './routes/repayCard';
import { registerRepayPages } from './routes/repayPages';
import { registerTestOnly } from './routes/testOnly';
import { registerUploads } from './routes/uploads';
import { registerStaticApp, securityHeaders } from './page/staticApp';
import { DEFAULT_PAGE_LIMIT } from './page/pageLimit';
import { createWireMapper } from './core/wire';
import { registerRequestLog, requestLogServerOptions } from './http/requestLog';
import { metricsOptionsFromEnv, registerMetrics } from './http/metricsRoute';

export type { BuildOptions } from './buildOptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's database (tests assert on stored rows through it). */
    kopaDb: Db;
    /** Runs the orphan-upload sweep now (also run hourly); returns how many were removed. */
    kopaSweepUploads: () => Promise<number>;
    /** True when this start is the demo with its data in place (main.ts prints the demo links then). */
    kopaDemo: boolean;
  }
}

export async function buildServer(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const dataDir = resolve(opts.dataDir ?? join(ROOT, 'data'));
  const testMode = process.env.NODE_ENV === 'test';
  const modes: Modes = { testMode, devMode: !testMode && process.env.NODE_ENV !== 'production' };
  const app = createFastify(opts);
  const ctx = await createContext(app, opts, dataDir, modes);
  const counters = registerPlumbing(app, ctx, opts);
  await registerBodyHandling(app, ctx, opts.apiRateLimit, counters);
  await registerApi(app, ctx, testMode);
  await registerPages(app, ctx, opts, counters, modes);
  return app;
}

interface Modes {
  testMode: boolean;
  devMode: boolean;
}

function createFastify(opts: BuildOptions): FastifyInstance {
  // Client address and scheme from X-Forwarded-* only when TRUST_PROXY names the proxy (http/trustProxy.ts).
  const trustProxy = opts.trustProxy ?? trustProxyFromEnv(process.env);
  return Fastify({
    // One JSON line per request with its id (http/requestLog.ts).
    ...requestLogServerOptions(opts.logger, trustProxy),
    bodyLimit: 256 * 1024,
    trustProxy,
    // The one reading of a query (src/contract/servedPage/query.ts): a repeated key is its first value, on the
    // API as on the page, never an array a handler did not expect.
    routerOptions: { querystringParser: (text: string) => ({ ...readPageQuery(text) }) },
  });
}

/** Opens the database (demo data as the mode says) and builds what every route shares. */
async function createContext(
  app: FastifyInstance,
  opts: BuildOptions,
  dataDir: string,
  { testMode, devMode }: Modes,
): Promise<ServerContext> {
  const uploadsDir = join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const cfg = loadAppConfig();
  const db = await openDb({ dataDir, databaseUrl: opts.databaseUrl, pgSchema: opts.pgSchema });
  const now = opts.now ?? (() => new Date());
  app.decorate('kopaDemo', await demoData(app, db, opts.demo === true, now()));
  const secret = await serverSecret(db);
  app.decorate('kopaDb', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  const envLife = sessionLifetimesFromEnv(process.env);
  const sms = new SmsService({
    db,
    now,
    limits: { ...DEFAULT_SMS_LIMITS, ...opts.smsLimits },
    // Plaintext codes stay in memory only for the test-only route (or beside the development log).
    outbox: testMode,
    // Development: the code goes to the terminal instead of a phone, one plain line a tester can
    // grep (`SMS to 0712345678: 814219`), whatever LOG_LEVEL says. Never in production or tests.
    onSend: devMode ? (e) => process.stdout.write(`SMS to ${e.phone}: ${e.code}\n`) : undefined,
  });
  const ctx: ServerContext = {
    db,
    cfg,
    catalogue: loadEndpointCatalogue(cfg.provider),
    validators: compileApiValidators(),
    wire: createWireMapper(loadWireNames()),
    sms,
    now,
    secret,
    dataDir,
    uploadsDir,
    log: app.log,
    testMode,
    responseCheck: responseCheckFor(process.env.NODE_ENV),
    sessionLifetimes: {
      idleMs: opts.sessionIdleMs ?? envLife.idleMs,
      absoluteMs: opts.sessionMaxAgeMs ?? envLife.absoluteMs,
    },
    uploadQuota: { ...DEFAULT_UPLOAD_QUOTA, ...opts.uploadQuota },
  };
  return ctx;
}

/** The upload and counter sweepers, error answers, the path guard, headers, log, metrics, health; returns the rate counters. */
function registerPlumbing(
  app: FastifyInstance,
  ctx: ServerContext,
  opts: BuildOptions,
): CounterStore {
  const { db, now } = ctx;
  app.decorate('kopaSweepUploads', () => sweepOrphanUploads(ctx));
  const stopSweeper = startUploadSweeper(ctx);
  app.addHook('onClose', async () => {
    stopSweeper();
  });

  registerErrorHandling(app);
  // First of all hooks: one canonical reading of the path for every decision below (studio auth,
  // limits, static files, pages); other spellings of a path are refused here (server/http/).
  const prefix = ctx.cfg.apiPrefix;
  registerPathGuard(app, [
    prefix,
    ctx.cfg.legacyPrefix,
    '/studio',
    '/__test',
    '/uploads',
    '/layouts',
    '/assets',
  ]);
  securityHeaders(app);
  registerRequestLog(app);
  registerMetrics(app, opts.metrics ?? metricsOptionsFromEnv(process.env));
  registerHealth(app, db);
  closeConnectionsWhenStopping(app);
  registerJsonCompression(app);
  // Counted in the database by default, so instances on one PostgreSQL share the limit.
  const counters = opts.counters ?? dbCounters(db, now);
  const stopCounterSweep = startCounterSweep(counters, app.log);
  app.addHook('onClose', async () => {
    stopCounterSweep();
  });
  return counters;
}

async function registerApi(
  app: FastifyInstance,
  ctx: ServerContext,
  testMode: boolean,
): Promise<void> {
  registerRepayCard(app, ctx);
  registerRepayPages(app, ctx);
  registerLoan(app, ctx);
  registerBank(app, ctx);
  registerComplaints(app, ctx);
  registerUploads(app, ctx);
  registerAccount(app, ctx);
  registerPromotion(app, ctx);
  (await import('./routes/legacy')).registerLegacy(app, ctx); // older endpoint family under config legacyPrefix
  if (testMode) registerTestOnly(app, ctx);
}

/** Layouts (served and polled), the studio and the app's pages and static files. */
async function registerPages(
  app: FastifyInstance,
  ctx: ServerContext,
  opts: BuildOptions,
  counters: CounterStore,
  { testMode, devMode }: Modes,
): Promise<void> {
  const { db, secret, now } = ctx;
  const layouts = await startLayouts(app, {
    db,
    secret,
    now,
    layoutsDir: resolve(opts.layoutsDir ?? join(ROOT, 'layouts')),
    databaseUrl: opts.databaseUrl,
    pgSchema: opts.pgSchema,
    pollMs: opts.layoutPollMs,
    importChanged: testMode || devMode,
  });
  registerLayouts(app, layouts);
  registerStudio(app, {
    db,
    store: layouts,
    secret,
    now,
    creds: studioCredentials(process.env),
    secureCookies: secureCookiesFromEnv(process.env),
    distDir: resolve(opts.distDir ?? join(ROOT, 'dist')),
    counters,
  });
  await registerStaticApp(
    app,
    resolve(opts.distDir ?? join(ROOT, 'dist')),
    join(ROOT, 'server/public'),
    layouts,
    { max: opts.pageRateLimit ?? DEFAULT_PAGE_LIMIT, counters: memoryCounters(now) },
  );
}
