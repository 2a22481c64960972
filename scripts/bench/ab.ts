/**
 * npm run bench:ab -- dist-a dist-b [...]: compares builds of the app against each other and the
 * bare page, loads interleaved (A, B, bare, A, B, bare, ...) so a busy spell of the machine falls
 * on all of them. Prints, per build, the median time to the first enabled "Pay Now" of /repay at
 * 4x CPU on loopback (BENCH_LOADS, default 25) and with 1000 installments at 1x (BENCH_LIST_RUNS,
 * default 21; 0 skips either), with the ratio to the bare page. Each build is a folder made by
 * `npx vite build --outDir dist-x`; the bare page is served from the first one's __bench/ (npm
 * run bench builds it there). Why: one `npm run bench` moves by about 0.1 in its ratios from run
 * to run on this machine; a change of a few percent shows only in an interleaved A/B like this.
 * Every build is served by the working tree's server: to compare commits that change the server
 * too (the page it writes, the API), use npm run bench:revs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { compareBuilds } from './compare';

const ROOT = join(import.meta.dirname, '..', '..');
const dists = process.argv.slice(2);
if (dists.length === 0) throw new Error('usage: npm run bench:ab -- dist-a dist-b ...');
const LOADS = Number(process.env.BENCH_LOADS ?? 25);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 21);

const servers = await Promise.all(
  dists.map((d) =>
    buildServer({
      demo: true,
      dataDir: mkdtempSync(join(tmpdir(), 'kopa-ab-')),
      distDir: join(ROOT, d),
      layoutsDir: join(ROOT, 'layouts'),
      logger: false,
    }),
  ),
);
try {
  const addresses = await Promise.all(servers.map((s) => s.listen({ port: 0, host: '127.0.0.1' })));
  await compareBuilds(
    dists.map((name, i) => ({ name, origin: addresses[i] ?? '' })),
    addresses[0] ?? '',
    LOADS,
    LIST_RUNS,
  );
} finally {
  await Promise.all(servers.map((s) => s.close()));
}
