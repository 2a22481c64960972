/**
 * npm run bench:pages: how many pages (and API calls) a second one server process answers on
 * loopback, with autocannon (issue 32). Lines: /repay with one fixed query, /repay with a new
 * orderId on every request (the page carries a per-query block: server/earlyPlan.ts), the same in
 * gzip, and one cheap API call (each one counts against the API's rate limit in the database).
 * The server runs in a process of its own on a fresh PGlite (BENCH_DATABASE_URL: PostgreSQL),
 * its rate limits raised so that the bench measures their cost without being refused.
 * BENCH_DIST (default dist-bench; built when it has no index.html), BENCH_PORT (default 4625),
 * BENCH_SECONDS per line (default 5), BENCH_CONNECTIONS (default 10).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_QUERY } from './sizes';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = process.env.BENCH_DIST ?? 'dist-bench';
const PORT = Number(process.env.BENCH_PORT ?? 4625);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HUGE = 1_000_000_000;

if (!existsSync(join(ROOT, DIST, 'index.html'))) {
  console.log(`Building the app into ${DIST}...`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST], { cwd: ROOT, stdio: 'inherit' });
}

const dataDir = mkdtempSync(join(tmpdir(), 'kopa-bench-pages-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const pgSchema = databaseUrl ? `bench_pages_${process.pid}` : undefined;

/** The working tree's server on loopback, in a process of its own; resolves with its origin. */
function serve(): Promise<{ origin: string; child: ChildProcess }> {
  const options = {
    dataDir, distDir: join(ROOT, DIST), layoutsDir: join(ROOT, 'layouts'), logger: false,
    databaseUrl, pgSchema, apiRateLimit: HUGE, pageRateLimit: HUGE,
  };
  const code = `const { buildServer } = await import(${JSON.stringify(join(ROOT, 'server', 'app.ts'))});
const app = await buildServer(${JSON.stringify(options)});
console.log('listening ' + await app.listen({ port: ${PORT}, host: '127.0.0.1' }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const origin = /listening (\S+)/.exec(chunk.toString())?.[1];
      if (origin) resolve({ origin, child });
    });
    child.on('exit', (status) => reject(new Error(`the bench server ended (${status ?? 'signal'})`)));
  });
}

interface Line { name: string; path: string; method?: 'GET' | 'POST'; encoding?: string; body?: string; vary?: (n: number) => string }

const repay = (orderId: string) => `/repay${BENCH_QUERY.replace('orderId=O170', `orderId=${orderId}`)}`;
const LINES: Line[] = [
  { name: '/repay, one query (br)', path: repay('O170'), encoding: 'gzip, deflate, br' },
  { name: '/repay, new orderId each (br)', path: repay('O170'), encoding: 'gzip, deflate, br', vary: (n) => repay(`B${n}`) },
  { name: '/repay, new orderId each (gzip)', path: repay('O170'), encoding: 'gzip, deflate', vary: (n) => repay(`G${n}`) },
  { name: 'API contactKfInfo (POST)', path: '/vexed/v3/personal-center/contact-kf-info', method: 'POST', body: '{"overall":30}' },
];

async function measure(origin: string, line: Line): Promise<string> {
  let n = 0;
  const headers: Record<string, string> = { accept: 'text/html,*/*', ...(line.encoding ? { 'accept-encoding': line.encoding } : {}) };
  if (line.body !== undefined) headers['content-type'] = 'application/json';
  const vary = line.vary;
  const result = await autocannon({
    url: origin, connections: CONNECTIONS, duration: SECONDS,
    requests: [{
      method: line.method ?? 'GET', path: line.path, headers, ...(line.body !== undefined ? { body: line.body } : {}),
      ...(vary ? { setupRequest: (req) => ({ ...req, path: vary(n++) }) } : {}),
    }],
  });
  const ok = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code.startsWith('2')).reduce((sum, [, s]) => sum + (s.count ?? 0), 0);
  const other = result.non2xx + result.errors + result.timeouts;
  const perSecond = ok / result.duration;
  return `  ${line.name.padEnd(34)} ${perSecond.toFixed(0).padStart(7)} /s   p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms${other > 0 ? `   ${other} not 2xx or failed` : ''}`;
}

const { origin, child } = await serve();
try {
  // Every line must answer 200 before it is timed: a bench of error pages says nothing.
  for (const line of LINES) {
    const res = await fetch(`${origin}${line.path}`, { method: line.method ?? 'GET', headers: { accept: 'text/html', ...(line.body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(line.body !== undefined ? { body: line.body } : {}) });
    if (res.status !== 200) throw new Error(`${line.name}: HTTP ${res.status} before the bench`);
  }
  console.log(`Pages and API calls per second, one server process, ${CONNECTIONS} connections, ${SECONDS} s each (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${DIST}):`);
  for (const line of LINES) console.log(await measure(origin, line));
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
