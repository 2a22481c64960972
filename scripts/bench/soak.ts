/**
 * npm run bench:soak: two server processes on one PostgreSQL schema of the soak's own
 * (bench_soak, emptied first), loaded together with a mix of the borrower's calls (installment
 * plan, loan details, layout JSON, repayment commit). First the maximum: both loaded flat out for
 * BENCH_SOAK_PROBE_SECONDS (20). Then BENCH_SOAK_MINUTES (10) minutes at 70% of it, minute by
 * minute: req/s, p50/p99 and errors per minute, and each process's RSS and heap (after a GC)
 * at the start and the end. A script, not a test: it prints figures and a verdict for the note.
 * Env: BENCH_SOAK_SHARE (0.7), BENCH_SOAK_CONNECTIONS (8 per process), BENCH_SOAK_MINUTE_SECONDS
 * (60; shorter for a trial), BENCH_DIST, ports 4673/4674.
 */
import { benchCases } from './server/cases';
import { load, settle, startTarget, type LoadResult, type Target } from './server/load';
import { benchPostgres } from './server/postgres';

const env = process.env;
const MINUTES = Number(env.BENCH_SOAK_MINUTES ?? 10);
const MINUTE = Number(env.BENCH_SOAK_MINUTE_SECONDS ?? 60);
const PROBE = Number(env.BENCH_SOAK_PROBE_SECONDS ?? 20);
const SHARE = Number(env.BENCH_SOAK_SHARE ?? 0.7);
const CONNECTIONS = Number(env.BENCH_SOAK_CONNECTIONS ?? 8);
const PORTS = [4673, 4674];
const MIX = ['plan API, 12 inst.', 'loan details, 12 inst.', 'layout JSON', 'repayment commit'];
const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;

const url = await benchPostgres('bench_soak');
const targets: Target[] = [];
try {
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of PORTS)
    targets.push(
      await startTarget({
        DATABASE_URL: url,
        BENCH_SCHEMA: 'bench_soak',
        BENCH_KOPA_PORT: String(port),
        BENCH_BARE_PORT: '0',
        BENCH_DIST: env.BENCH_DIST ?? 'dist',
      }),
    );
  const mix = benchCases(targets[0]!.payTokens).filter((c) => MIX.includes(c.name));
  const both = async (seconds: number, rate?: number): Promise<LoadResult[]> =>
    Promise.all(
      PORTS.map((port) =>
        load(mix, {
          base: `http://127.0.0.1:${port}`,
          seconds,
          connections: CONNECTIONS,
          ...(rate ? { rate } : {}),
        }),
      ),
    );
  const sum = (rs: LoadResult[]) => rs.reduce((s, r) => s + r.rps, 0);

  const max = sum(await both(PROBE));
  await Promise.all(PORTS.map((p) => settle(`http://127.0.0.1:${p}`)));
  const rate = Math.max(1, Math.round((max * SHARE) / PORTS.length));
  console.log(
    `Maximum of the mix (${MIX.join(', ')}) over both processes: ${max.toFixed(0)} req/s in ${PROBE} s; soak at ${(SHARE * 100).toFixed(0)}%: ${rate} req/s per process, ${CONNECTIONS} connections each.`,
  );
  const start = await Promise.all(targets.map((t) => t.memory()));
  console.log(
    `${'minute'.padEnd(7)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms (A / B)'.padStart(15)} errors`,
  );
  const p99s: number[] = [];
  let errors = 0;
  for (let m = 1; m <= MINUTES; m++) {
    const rs = await both(MINUTE, rate);
    const p99 = Math.max(...rs.map((r) => r.p99));
    p99s.push(p99);
    const e = rs.reduce((s, r) => s + r.errors, 0);
    errors += e;
    console.log(
      `${String(m).padEnd(7)} ${sum(rs).toFixed(0).padStart(6)} ${Math.max(...rs.map((r) => r.p50))
        .toFixed(0)
        .padStart(7)} ${rs
        .map((r) => r.p99.toFixed(0))
        .join(' / ')
        .padStart(15)} ${e}`,
    );
  }
  await Promise.all(PORTS.map((p) => settle(`http://127.0.0.1:${p}`)));
  const end = await Promise.all(targets.map((t) => t.memory()));
  let worst = 0;
  targets.forEach((_, i) => {
    const a = start[i]!;
    const b = end[i]!;
    const rssGrowth = (b.rss - a.rss) / a.rss;
    const heapGrowth = (b.heapUsed - a.heapUsed) / a.heapUsed;
    worst = Math.max(worst, rssGrowth, heapGrowth);
    console.log(
      `process ${'AB'[i]}: RSS ${mb(a.rss)} -> ${mb(b.rss)} (${(rssGrowth * 100).toFixed(1)}%), heap after GC ${mb(a.heapUsed)} -> ${mb(b.heapUsed)} (${(heapGrowth * 100).toFixed(1)}%)`,
    );
  });
  const spread = Math.max(...p99s) / Math.max(1, Math.min(...p99s));
  console.log(
    `errors ${errors}; memory growth at most ${(worst * 100).toFixed(1)}% (budget 10%); p99 per minute ${Math.min(...p99s)}-${Math.max(...p99s)} ms (max/min ${spread.toFixed(2)}).`,
  );
  console.log(
    'Two shared cores, client and both servers on them: the p99 moves with what else runs on the machine.',
  );
} finally {
  for (const t of targets) await t.stop();
}
