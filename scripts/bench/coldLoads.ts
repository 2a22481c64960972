/**
 * The load loop the diagnostic benches share (npm run bench:trace, bench:profile): serves a build
 * (BENCH_DIST, default dist-bench) from the reference server, then opens Kopa's /repay and the bare
 * page in turns, each a cold load (fresh context, CPU slowed BENCH_RATE times, default 4), up to
 * the first enabled "Pay Now", BENCH_TRACES times each (default 3). BENCH_ROWS=1000 serves the
 * 1000-installment plan. `around` wraps each load with what the tool records.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildServer } from '../../server/app';
import { interactiveAt, launch, throttledPage, watchInteractive } from './browser';
import { buildForBench } from './buildForBench';
import { withThousandInstallments } from './list1000';
import { BENCH_QUERY } from './sizes';

export type Side = 'kopa' | 'bare';
export const ROOT = join(import.meta.dirname, '..', '..');
export const SETTINGS = {
  dist: process.env.BENCH_DIST ?? 'dist-bench',
  rate: Number(process.env.BENCH_RATE ?? 4),
  loads: Number(process.env.BENCH_TRACES ?? 3),
  thousand: process.env.BENCH_ROWS === '1000',
};

/** Runs the loads; `around(side, page, browser, load)` must call `load()` once (it returns ms to Pay Now). */
export async function coldLoads(
  around: (side: Side, page: Page, browser: Browser, load: () => Promise<number>) => Promise<void>,
): Promise<Record<Side, number[]>> {
  // No build with the bare page yet (a fresh clone, a plain `vite build`): make one, rather than
  // wait a minute for a Pay Now the missing page never shows.
  if (!existsSync(join(ROOT, SETTINGS.dist, '__bench', 'index.html')))
    buildForBench(ROOT, SETTINGS.dist);
  const app = await buildServer({
    demo: true,
    dataDir: mkdtempSync(join(tmpdir(), 'kopa-cold-')),
    distDir: join(ROOT, SETTINGS.dist),
    layoutsDir: join(ROOT, 'layouts'),
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const urls: Record<Side, string> = {
    kopa: `${address}/repay${BENCH_QUERY}`,
    bare: `${address}/__bench/index.html${BENCH_QUERY}`,
  };
  const browser = await launch();
  const times: Record<Side, number[]> = { kopa: [], bare: [] };
  try {
    for (let i = 0; i < SETTINGS.loads; i++) {
      for (const side of ['kopa', 'bare'] as const) {
        const { page, close } = await throttledPage(browser, SETTINGS.rate);
        try {
          if (SETTINGS.thousand) await withThousandInstallments(page);
          await watchInteractive(page, 'Pay Now');
          await around(side, page, browser, async () => {
            await page.goto(urls[side], { waitUntil: 'commit' });
            const at = await interactiveAt(page, 60_000);
            times[side].push(at);
            return at;
          });
        } finally {
          await close();
        }
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
  console.log(
    `Pay Now (ms), ${SETTINGS.rate}x CPU${SETTINGS.thousand ? ', 1000 rows' : ''}: Kopa ${times.kopa.map((t) => t.toFixed(0)).join(', ')}; bare ${times.bare.map((t) => t.toFixed(0)).join(', ')}`,
  );
  return times;
}

/** Prints per-load means of two tallies side by side, largest first. */
export function printSideBySide(
  title: string,
  totals: Record<Side, Map<string, number>>,
  top = 45,
  minimum = 0,
): void {
  const n = SETTINGS.loads;
  console.log(title);
  const names = [...new Set([...totals.kopa.keys(), ...totals.bare.keys()])]
    .map((name) => ({
      name,
      k: (totals.kopa.get(name) ?? 0) / n,
      b: (totals.bare.get(name) ?? 0) / n,
    }))
    .sort((x, y) => Math.max(y.k, y.b) - Math.max(x.k, x.b));
  console.log(`  ${'where'.padEnd(70)} ${'Kopa'.padStart(8)} ${'bare'.padStart(8)}`);
  for (const { name, k, b } of names.filter((r) => Math.max(r.k, r.b) >= minimum).slice(0, top)) {
    console.log(
      `  ${name.slice(0, 70).padEnd(70)} ${k.toFixed(1).padStart(8)} ${b.toFixed(1).padStart(8)}`,
    );
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0) / n;
  console.log(
    `  ${'(all)'.padEnd(70)} ${sum(totals.kopa).toFixed(1).padStart(8)} ${sum(totals.bare).toFixed(1).padStart(8)}`,
  );
}
