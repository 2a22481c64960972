/**
 * npm run bench:server:profile: a CPU profile of our server process (V8's sampling profiler, the
 * same as node --cpu-prof, started after the warm-up so module loading stays out) while the server
 * bench's load runs against it, then its top self-time functions (cpuTop.ts) and CPU ms per request.
 * Env: BENCH_PROFILE_CASES (comma list of bench case names; default the 12- and 1,000-installment
 * plans and loan details), BENCH_PROFILE_SECONDS (10 per case), BENCH_SERVER_DBS (pg; or pglite),
 * BENCH_PROFILE_TOP (30), BENCH_PROFILE_SIDE (ours; bare), BENCH_DIST, BENCH_KOPA_PORT (4675). The profile file stays in a temp dir
 * (printed) for DevTools.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topSelf } from './cpuTop';
import { benchCases } from './server/cases';
import { load, settle, startTarget } from './server/load';
import { benchPostgres } from './server/postgres';

const env = process.env;
const names = (
  env.BENCH_PROFILE_CASES ?? 'plan API, 12 inst.,plan API, 1,000 inst.,loan details, 12 inst.'
).split(/,(?=[a-z])/);
const seconds = Number(env.BENCH_PROFILE_SECONDS ?? 10);
const db = env.BENCH_SERVER_DBS ?? 'pg';
const port = Number(env.BENCH_KOPA_PORT ?? 4675);
// BENCH_PROFILE_SIDE=bare profiles the bare handlers instead (same process, ours idle).
const bare = env.BENCH_PROFILE_SIDE === 'bare';
const dir = mkdtempSync(join(tmpdir(), 'kopa-cpuprof-'));
const dataDir = mkdtempSync(join(tmpdir(), 'kopa-bench-profile-'));
const dbEnv: Record<string, string> =
  db === 'pg'
    ? { DATABASE_URL: await benchPostgres('bench_profile'), BENCH_SCHEMA: 'bench_profile' }
    : { BENCH_DATA_DIR: dataDir };
const target = await startTarget({
  ...dbEnv,
  BENCH_KOPA_PORT: String(port),
  BENCH_BARE_PORT: bare ? String(port + 1) : '0',
  BENCH_DIST: env.BENCH_DIST ?? 'dist',
});
const file = join(dir, `${bare ? 'bare' : 'ours'}.cpuprofile`);
try {
  const base = `http://127.0.0.1:${bare ? port + 1 : port}`;
  const cases = benchCases(target.payTokens).filter((x) => names.includes(x.name));
  for (const c of cases) await load(c, { base, seconds: 2, connections: 16 });
  await settle(base);
  const stop = await target.profile();
  for (const c of cases) {
    const cpu = await target.cpu();
    const r = await load(c, { base, seconds, connections: 16 });
    await settle(base);
    console.log(
      `${c.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors, server CPU ${(((await target.cpu()) - cpu) / r.requests).toFixed(2)} ms per request`,
    );
  }
  await stop(file);
} finally {
  await target.stop();
}
console.log(`\n${file} (${db}, ${bare ? 'bare handlers' : 'ours'}):`);
console.log(topSelf(file, Number(env.BENCH_PROFILE_TOP ?? 30)).join('\n'));
