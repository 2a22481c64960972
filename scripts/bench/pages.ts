/**
 * npm run bench:pages: how many pages (and API calls) a second one server process answers on
 * loopback, with autocannon. Lines: /repay with one fixed query, /repay with a new
 * orderId on every request (the page carries a per-query block: server/page/earlyPlan.ts), the same in
 * gzip, and one cheap API call, its rate limit counted in the database (one upsert per request)
 * and, on a second server, in memory. Each server runs in a process of its own on a fresh PGlite
 * (BENCH_DATABASE_URL: PostgreSQL, a schema each), its limits raised so that the bench measures
 * their cost without being refused.
 * BENCH_DIST (default dist-bench; built when it has no index.html), BENCH_PORT (default 4625; the
 * second server takes any free port), BENCH_CONNECTIONS (default 10). Lines take turns for BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS each (default 3); each line
 * prints its median and range.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_QUERY } from './sizes';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = process.env.BENCH_DIST ?? 'dist-bench';
const PORT = Number(process.env.BENCH_PORT ?? 4625);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HUGE = 1_000_000_000;

if (!existsSync(join(ROOT, DIST, 'index.html'))) {
  console.log(`Building the app into ${DIST}...`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'kopa-bench-pages-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;

/**
 * The working tree's server on loopback, in a process of its own, on a database of its own;
 * resolves with its origin. `memoryCounters`: its API limit counted in the process instead of
 * the database, to show what the database's count costs a request.
 */
function serve(
  name: string,
  port: number,
  memoryCounters: boolean,
): Promise<{ origin: string; child: ChildProcess }> {
  const options = {
    dataDir: join(scratch, name),
    distDir: join(ROOT, DIST),
    layoutsDir: join(ROOT, 'layouts'),
    logger: false,
    databaseUrl,
    pgSchema: databaseUrl ? `bench_${name}_${process.pid}` : undefined,
    apiRateLimit: HUGE,
    pageRateLimit: HUGE,
  };
  const code = `const { buildServer } = await import(${JSON.stringify(join(ROOT, 'server', 'app.ts'))});
const { memoryCounters } = await import(${JSON.stringify(join(ROOT, 'server', 'http', 'counters.ts'))});
const app = await buildServer({ demo: true, ...${JSON.stringify(options)}${memoryCounters ? ', counters: memoryCounters(() => new Date())' : ''} });
console.log('listening ' + await app.listen({ port: ${port}, host: '127.0.0.1' }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const origin = /listening (\S+)/.exec(chunk.toString())?.[1];
      if (origin) resolve({ origin, child });
    });
    child.on('exit', (status) =>
      reject(new Error(`the bench server ${name} ended (${status ?? 'signal'})`)),
    );
  });
}
const children: ChildProcess[] = [];

/**
 * One bench line; `vary` names the path of the request numbered n (default: always `path`);
 * `memory`: asked of the server whose API limit counts in memory.
 */
interface Line {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  encoding?: string;
  body?: string;
  vary?: (n: number) => string;
  memory?: boolean;
}

const repay = (orderId: string) =>
  `/repay${BENCH_QUERY.replace('orderId=O170', `orderId=${orderId}`)}`;
const LINES: Line[] = [
  { name: '/repay, one query (br)', path: repay('O170'), encoding: 'gzip, deflate, br' },
  {
    name: '/repay, new orderId each (br)',
    path: repay('O170'),
    encoding: 'gzip, deflate, br',
    vary: (n) => repay(`B${n}`),
  },
  {
    name: '/repay, new orderId each (gzip)',
    path: repay('O170'),
    encoding: 'gzip, deflate',
    vary: (n) => repay(`G${n}`),
  },
  {
    name: 'API call, limit counted in the db',
    path: '/vexed/v3/personal-center/contact-kf-info',
    method: 'POST',
    body: '{"overall":30}',
  },
  {
    name: 'API call, limit counted in memory',
    path: '/vexed/v3/personal-center/contact-kf-info',
    method: 'POST',
    body: '{"overall":30}',
    memory: true,
  },
];

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  failed: number;
}

async function measure(origin: string, line: Line, seconds: number): Promise<Run> {
  let n = 0;
  const headers: Record<string, string> = {
    accept: 'text/html,*/*',
    ...(line.encoding ? { 'accept-encoding': line.encoding } : {}),
  };
  if (line.body !== undefined) headers['content-type'] = 'application/json';
  const vary = line.vary ?? (() => line.path);
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: line.method ?? 'GET',
        path: line.path,
        headers,
        ...(line.body !== undefined ? { body: line.body } : {}),
        // Every line through setupRequest: autocannon sends a fixed request about half as often
        // otherwise (measured), which would compare the load generator, not the server.
        setupRequest: (req) => ({ ...req, path: vary(n++) }),
      },
    ],
  });
  const ok = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, s]) => sum + (s.count ?? 0), 0);
  return {
    perSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function report(line: Line, runs: Run[]): string {
  const rates = runs.map((r) => r.perSecond);
  const failed = runs.reduce((sum, r) => sum + r.failed, 0);
  return (
    `  ${line.name.padEnd(34)} ${median(rates).toFixed(0).padStart(6)} /s (${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)})` +
    `   p50 ${String(median(runs.map((r) => r.p50))).padStart(3)} ms  p99 ${String(median(runs.map((r) => r.p99))).padStart(4)} ms` +
    `  ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(1).padStart(5)} KB each${failed > 0 ? `   ${failed} not 2xx or failed` : ''}`
  );
}

const [main, memory] = await Promise.all([serve('main', PORT, false), serve('memory', 0, true)]);
const originOf = (line: Line) => (line.memory ? memory.origin : main.origin);
try {
  // Every line must answer 200 before it is timed: a bench of error pages says nothing.
  for (const line of LINES) {
    const res = await fetch(`${originOf(line)}${line.path}`, {
      method: line.method ?? 'GET',
      headers: {
        accept: 'text/html',
        ...(line.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(line.body !== undefined ? { body: line.body } : {}),
    });
    if (res.status !== 200) throw new Error(`${line.name}: HTTP ${res.status} before the bench`);
  }
  // A short first run, not counted: the server's code warms up (JIT) before any line is timed.
  for (const line of LINES) await measure(originOf(line), line, 1);
  // The lines take turns, round after round: the machine's other load then spreads over all of them.
  const runs: Run[][] = LINES.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, line] of LINES.entries())
      runs[i]?.push(await measure(originOf(line), line, SECONDS));
  }
  console.log(
    `Per second, one server process, ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${SECONDS} s (min-max) (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${DIST}):`,
  );
  LINES.forEach((line, i) => console.log(report(line, runs[i] ?? [])));
} finally {
  for (const child of children) child.kill();
  if (databaseUrl) await dropSchemas(databaseUrl);
  rmSync(scratch, { recursive: true, force: true });
}

async function dropSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of ['main', 'memory'])
      await client.query(`drop schema if exists bench_${name}_${process.pid} cascade`);
  } finally {
    await client.end();
  }
}
