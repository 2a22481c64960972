/**
 * One server process of the server bench (forked by scripts/bench/server.ts and soak.ts): our
 * server and, unless BENCH_BARE_PORT is 0, the bare handlers on the same database handle. Talks
 * over IPC: 'ready' when listening, answers 'memory' (RSS and heap), 'cpu' (process CPU ms so far),
 * 'profile-start' / { profileTo } (a CPU profile of what runs in between), exits on 'stop'.
 * Env: DATABASE_URL + BENCH_SCHEMA (PostgreSQL) or BENCH_DATA_DIR (PGlite), BENCH_KOPA_PORT,
 * BENCH_BARE_PORT, BENCH_DIST.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { buildServer } from '../../../server/app';
import { loadAppConfig, ROOT } from '../../../server/core/config';
import { loadEndpointCatalogue } from '../../../server/core/catalogue';
import { repayToken, serverSecret } from '../../../server/domain/tokens';
import { DEMO } from '../../../server/demo/seedData';
import { BENCH_QUERY } from '../sizes';
import { bareServer } from './bare';
import { PAY_ORDERS, seedBenchOrders } from './seedBench';

const env = process.env;
const send = (m: unknown) => process.send?.(m);

const app = await buildServer({
  demo: true,
  databaseUrl: env.DATABASE_URL,
  pgSchema: env.DATABASE_URL ? env.BENCH_SCHEMA : undefined,
  dataDir: env.BENCH_DATA_DIR ?? join(ROOT, 'data'),
  distDir: join(ROOT, env.BENCH_DIST ?? 'dist'),
  layoutsDir: join(ROOT, 'layouts'),
  logger: false,
  // The bench is one client at thousands of requests a minute: the per-address limits (the API's
  // and the pages') would answer 429s, and a 429 page is not the page being measured.
  apiRateLimit: 1e9,
  pageRateLimit: 1e9,
});
await seedBenchOrders(app.kopaDb);
await app.listen({ port: Number(env.BENCH_KOPA_PORT), host: '127.0.0.1' });

let bare: Awaited<ReturnType<typeof bareServer>> | null = null;
if (Number(env.BENCH_BARE_PORT ?? 0) > 0) {
  const cfg = loadAppConfig();
  const cat = loadEndpointCatalogue(cfg.provider);
  const page = await app.inject({ url: `/repay${BENCH_QUERY}`, headers: { accept: 'text/html' } });
  const layout = await app.inject({ url: '/layouts/repay.json' });
  bare = bareServer({
    db: app.kopaDb,
    secret: await serverSecret(app.kopaDb),
    apiPrefix: cfg.apiPrefix,
    paths: {
      plan: cat.installmentPlan!.path,
      details: cat.loanDetails!.path,
      commit: cat.repaymentCommit!.path,
    },
    pages: new Map([['/repay', page.rawPayload]]),
    layout: { body: layout.rawPayload, etag: String(layout.headers.etag) },
  });
  await bare.listen({ port: Number(env.BENCH_BARE_PORT), host: '127.0.0.1' });
}

// A CPU profile of the measured load only (not the start's module loading): node:inspector.
const inspector = new Session();
inspector.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector.post(method, params, (err, res) => (err ? reject(err) : resolve(res))),
  );

process.on('message', (m: unknown) => {
  if (m === 'cpu') {
    const u = process.cpuUsage();
    send({ cpu: (u.user + u.system) / 1000 });
  } else if (m === 'profile-start') {
    void post('Profiler.enable')
      .then(() => post('Profiler.setSamplingInterval', { interval: 500 }))
      .then(() => post('Profiler.start'))
      .then(() => send({ profiling: true }));
  } else if (m && typeof m === 'object' && 'profileTo' in m) {
    void post('Profiler.stop').then((res) => {
      writeFileSync(
        String((m as { profileTo: string }).profileTo),
        JSON.stringify((res as { profile: unknown }).profile),
      );
      send({ profiled: true });
    });
  } else if (m === 'memory') {
    const u = process.memoryUsage();
    send({ memory: { rss: u.rss, heapUsed: u.heapUsed } });
  } else if (m === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    send({ gc: true });
  } else if (m === 'stop') {
    void (async () => {
      await bare?.close();
      await app.close();
      process.exit(0);
    })();
  }
});
// The commits' repayTokens, as repayment-way would hand them to the borrower.
const secret = await serverSecret(app.kopaDb);
send({
  ready: true,
  payTokens: Object.fromEntries(PAY_ORDERS.map((id) => [id, repayToken(secret, DEMO.userId, id)])),
});
