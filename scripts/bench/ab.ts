/**
 * npm run bench:ab -- dist-a dist-b [...]: compares builds of the app against each other and the
 * bare page, loads interleaved (A, B, bare, A, B, bare, ...) so a busy spell of the machine falls
 * on all of them. Prints, per build, the median time to the first enabled "Pay Now" of /repay at
 * 4x CPU on loopback (BENCH_LOADS, default 25) and with 1000 installments at 1x (BENCH_LIST_RUNS,
 * default 21; 0 skips either), with the ratio to the bare page. Each build is a folder made by
 * `npx vite build --outDir dist-x`; the bare page is served from the first one's __bench/ (npm
 * run bench builds it there). Why: one `npm run bench` moves by about 0.1 in its ratios from run
 * to run on this machine; a change of a few percent shows only in an interleaved A/B like this.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { launch, median } from './browser';
import { renderThousandRows } from './list1000';
import { BENCH_QUERY } from './sizes';
import { timeToInteractive } from './tti';

const ROOT = join(import.meta.dirname, '..', '..');
const dists = process.argv.slice(2);
if (dists.length === 0) throw new Error('usage: npm run bench:ab -- dist-a dist-b ...');
const LOADS = Number(process.env.BENCH_LOADS ?? 25);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 21);

const servers = await Promise.all(dists.map((d) => buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'kopa-ab-')), distDir: join(ROOT, d), layoutsDir: join(ROOT, 'layouts'), logger: false })));
try {
  const addresses = await Promise.all(servers.map((s) => s.listen({ port: 0, host: '127.0.0.1' })));
  const names = [...dists, 'bare page'];
  const urls = [...addresses.map((a) => `${a}/repay${BENCH_QUERY}`), `${addresses[0] ?? ''}/__bench/index.html${BENCH_QUERY}`];
  const browser = await launch();
  try {
    const line = (label: string, times: number[], bare: number) =>
      console.log(`  ${label.padEnd(24)} ${median(times).toFixed(0).padStart(5)} ms  ratio ${(median(times) / bare).toFixed(3)}  runs ${times.map((t) => t.toFixed(0)).join(' ')}`);
    if (LOADS > 0) {
      console.log(`Loopback, 4x CPU, /repay to an enabled Pay Now, ${LOADS} loads each, interleaved:`);
      const results = await timeToInteractive(browser, urls, 'Pay Now', LOADS);
      const bare = results[results.length - 1]?.median ?? Number.NaN;
      results.forEach((r, i) => line(names[i] ?? '', r.runs, bare));
    }
    if (LIST_RUNS > 0) {
      console.log(`1000 installments, 1x CPU, ${LIST_RUNS} loads each, interleaved:`);
      const times = urls.map(() => [] as number[]);
      for (let i = 0; i < LIST_RUNS; i++) {
        for (const [k, url] of urls.entries()) {
          const rows = k === urls.length - 1 ? '[data-testid="installment-row"]' : '[data-node-id="installmentRow"]';
          times[k]?.push((await renderThousandRows(browser, url, rows)).ms);
        }
      }
      const bare = median(times[times.length - 1] ?? []);
      times.forEach((t, i) => line(names[i] ?? '', t, bare));
    }
  } finally {
    await browser.close();
  }
} finally {
  await Promise.all(servers.map((s) => s.close()));
}
