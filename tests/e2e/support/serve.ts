/**
 * The server the browser tests talk to: the real reference server (NODE_ENV=test, so the
 * test-only SMS route exists) on a fresh PGlite database in a temp dir, serving dist/, in demo
 * mode: the browser tests use the demo borrowers and their sessions (server/demo/).
 */
import { createWriteStream, mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../../server/app';
import { serverLogPath } from './serverLog';

const ROOT = join(import.meta.dirname, '..', '..', '..');
// E2E_DIST lets parallel runs test their own build (vite build --outDir ...) without racing on dist/.
const DIST = join(ROOT, process.env.E2E_DIST ?? 'dist');
if (!existsSync(join(DIST, 'index.html'))) {
  console.error('dist/ is missing: npm run test:e2e builds the app first (npm run build).');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'kopa-e2e-'));
// Every browser test comes from 127.0.0.1, which here stands for many borrowers: the per-IP SMS
// limits are raised so the suite's order cannot trip them. The per-phone limits stay as they are
// (tests/server/sms.test.ts proves both kinds).
const smsLimits = { ipPerMinute: 1000, ipPerHour: 10000 };
const port = Number(process.env.E2E_PORT ?? 4317);
const app = await buildServer({
  demo: true,
  // The request lines, where a test finds a failed call by the reference its page showed.
  logger: { level: 'info', stream: createWriteStream(serverLogPath(port)) },
  dataDir,
  distDir: DIST,
  layoutsDir: join(ROOT, 'layouts'),
  databaseUrl: process.env.E2E_DATABASE_URL,
  smsLimits,
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`e2e server on ${port}, data in ${dataDir}, log in ${serverLogPath(port)}`);
