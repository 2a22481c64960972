/**
 * npm run bench:server: our server against bare Fastify handlers that run the same SQL
 * and send the same JSON (scripts/bench/server/bare.ts), in the same run, on PGlite and on
 * PostgreSQL. For each endpoint: req/s, p50/p99 latency, bytes per answer, the ratio of the
 * bare handler's req/s to ours (1.0 = no cost of ours), and the server's CPU ms per request of
 * each (its process CPU time over the answers of that run: less moved by what else runs). Loopback only; the load generator
 * (autocannon) shares the machine's cores with both servers, so read ratios within one run, not
 * absolute figures.
 * Env: BENCH_SERVER_SECONDS (6 per endpoint and side, in BENCH_SERVER_ROUNDS=3 turns), BENCH_SERVER_WARMUP (1), BENCH_SERVER_CONNECTIONS
 * (16), BENCH_SERVER_DBS (pglite,pg), BENCH_SERVER_ONLY (comma list of case names),
 * BENCH_DIST (dist; built when missing), BENCH_KOPA_PORT/BENCH_BARE_PORT (4671/4672).
 * PostgreSQL: `scripts/start-test-postgres.sh`'s cluster, schema bench_server (dropped and made
 * again each run: the bench's own data, never the demo database).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCases } from './server/cases';
import { load, settle, startTarget, type LoadResult } from './server/load';
import { benchPostgres } from './server/postgres';

const ROOT = join(import.meta.dirname, '..', '..');
const env = process.env;
const SECONDS = Number(env.BENCH_SERVER_SECONDS ?? 6);
const WARMUP = Number(env.BENCH_SERVER_WARMUP ?? 1);
const CONNECTIONS = Number(env.BENCH_SERVER_CONNECTIONS ?? 16);
const DBS = (env.BENCH_SERVER_DBS ?? 'pglite,pg').split(',');
const ONLY = env.BENCH_SERVER_ONLY ? new Set(env.BENCH_SERVER_ONLY.split(',')) : null;
const DIST = env.BENCH_DIST ?? 'dist';
const KOPA_PORT = Number(env.BENCH_KOPA_PORT ?? 4671);
const BARE_PORT = Number(env.BENCH_BARE_PORT ?? 4672);

if (!existsSync(join(ROOT, DIST, 'index.html'))) {
  console.log(`Building the app into ${DIST} (the pages need it)...`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

const ROUNDS = Number(env.BENCH_SERVER_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
function combine(rs: LoadResult[]): LoadResult {
  const requests = rs.reduce((s, r) => s + r.requests, 0);
  const seconds = rs.reduce((s, r) => s + r.requests / Math.max(r.rps, 1e-9), 0);
  return {
    rps: seconds > 0 ? requests / seconds : 0,
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    errors: rs.reduce((s, r) => s + r.errors, 0),
    requests,
    bytes: requests > 0 ? rs.reduce((s, r) => s + r.bytes * r.requests, 0) / requests : 0,
  };
}
const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(0).padStart(4)} ${r.p99.toFixed(0).padStart(4)}`;
const size = (b: number) => (b >= 1024 ? `${(b / 1024).toFixed(1)} KB` : `${b.toFixed(0)} B`);

async function benchOne(db: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kopa-bench-server-'));
  const dbEnv: Record<string, string> =
    db === 'pg'
      ? { DATABASE_URL: await benchPostgres('bench_server'), BENCH_SCHEMA: 'bench_server' }
      : { BENCH_DATA_DIR: dataDir };
  const target = await startTarget({
    ...dbEnv,
    BENCH_KOPA_PORT: String(KOPA_PORT),
    BENCH_BARE_PORT: String(BARE_PORT),
    BENCH_DIST: DIST,
  });
  try {
    console.log(
      `\n${db === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections (4 for 1,000 installments, 2 for 5,000), ${SECONDS} s each after ${WARMUP} s warm-up, ours and bare taking turns in ${ROUNDS} rounds (req/s, p50 and p99 in ms):`,
    );
    console.log(
      `  ${'endpoint'.padEnd(28)} ${'ours: req/s  p50  p99'.padStart(22)} ${'bare: req/s  p50  p99'.padStart(22)}  ratio  ${'CPU ms/req'.padStart(13)} ratio  bytes (ours / bare)  errors`,
    );
    for (const c of benchCases(target.payTokens)) {
      if (ONLY && !ONLY.has(c.name)) continue;
      // Ours and bare take turns in ROUNDS short runs each, so a change in what else the shared
      // cores do falls on both alike; req/s over all rounds, p50/p99 the median of the rounds'.
      const runs: [LoadResult[], LoadResult[]] = [[], []];
      const cpu = [0, 0];
      for (const port of [KOPA_PORT, BARE_PORT])
        if (WARMUP > 0)
          await load(c, {
            base: `http://127.0.0.1:${port}`,
            seconds: WARMUP,
            connections: CONNECTIONS,
          });
      for (let r = 0; r < ROUNDS; r++) {
        for (const [i, port] of [KOPA_PORT, BARE_PORT].entries()) {
          const base = `http://127.0.0.1:${port}`;
          await settle(base);
          const before = await target.cpu();
          runs[i]!.push(
            await load(c, {
              base,
              seconds: Math.max(1, SECONDS / ROUNDS),
              connections: CONNECTIONS,
            }),
          );
          // Answers still in flight when the run stops are finished (and counted) before the CPU is read.
          await settle(base);
          cpu[i]! += (await target.cpu()) - before;
        }
      }
      const ours = combine(runs[0]);
      const bare = combine(runs[1]);
      const ratio = bare.rps / Math.max(ours.rps, 1e-9);
      const cpuMs = [cpu[0]! / Math.max(ours.requests, 1), cpu[1]! / Math.max(bare.requests, 1)];
      console.log(
        `  ${c.name.padEnd(28)} ${fmt(ours).padStart(22)} ${fmt(bare).padStart(22)}  ${ratio.toFixed(2).padStart(5)}  ${`${cpuMs[0]!.toFixed(2)} / ${cpuMs[1]!.toFixed(2)}`.padStart(13)} ${(cpuMs[0]! / Math.max(cpuMs[1]!, 1e-9)).toFixed(2).padStart(5)}  ${`${size(ours.bytes)} / ${size(bare.bytes)}`.padEnd(19)}  ${ours.errors}/${bare.errors}${ours.errors + bare.errors > 0 ? '  <- error answers: not a measurement of this endpoint' : ''}`,
      );
    }
  } finally {
    await target.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const db of DBS) await benchOne(db);
console.log(
  '\nratio = bare req/s / ours (1.00 = no cost of ours; targets: reads <= 1.5 at 12 installments, <= 2 at 1,000).',
);
console.log(
  "CPU ms/req: the server process's CPU time over the requests answered, ours / bare, and their ratio: the steadier figure when other work shares the cores.",
);
console.log(
  'Two shared cores, client and servers on the same machine: compare ratios within one run, not absolute figures across runs.',
);
