/**
 * npm run bench:slow: why /repay's Pay Now comes after the bare page's on Slow 3G, and what the
 * two ways of reaching it would give. Over one build (BENCH_DIST, default dist-bench,
 * with the bare page in __bench/: `npm run bench` builds both), on Slow 3G + 4x CPU, the pages
 * taking turns, cold and warm (scripts/bench/network.ts), BENCH_SLOW_RUNS each (default 5):
 * - the page as built;
 * - **painted**: the page with the first screen already in it, as a server that renders the
 *   layout would send it (what the app draws on loopback, put where the frame is), Pay Now
 *   painted disabled: it is interactive when the code has arrived, as the issue states it;
 * - **padded**: the page with BENCH_PAD_KB (default 25) incompressible KB more before Pay Now
 *   (a preloaded script): how many ms each KB on the critical path costs, so how many KB the
 *   first way (fewer bytes) would have to cut;
 * - the bare page.
 * Then one cold load of the page as built and of the bare page with the bytes of every request
 * started before Pay Now, to set against that figure.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildServer } from '../../server/app';
import { interactiveAt, launch, watchInteractive } from './browser';
import { slowNetwork, slowPage, type SlowFigures } from './network';
import { rewritePages } from './pageCodec';
import { PAGE_PARTS } from './pageParts';
import { BENCH_QUERY } from './sizes';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = process.env.BENCH_DIST ?? 'dist-bench';
const RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 5);
const PAD_KB = Number(process.env.BENCH_PAD_KB ?? 25);
const PAD_PATH = '/__bench-pad.js';
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/index';

const serve = () =>
  buildServer({
    demo: true,
    dataDir: mkdtempSync(join(tmpdir(), 'kopa-slow-')),
    distDir: join(ROOT, DIST),
    layoutsDir: join(ROOT, 'layouts'),
    logger: false,
  });

/** What the app draws for /repay (loopback, no throttling), with Pay Now disabled. */
async function drawnScreen(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await watchInteractive(page, 'Pay Now');
    await page.goto(url);
    await interactiveAt(page);
    const html = await page.evaluate(() => document.getElementById('root')?.innerHTML ?? '');
    const disabled = html.replace(
      /<button([^>]*)>(\s*Pay Now\s*)<\/button>/,
      '<button$1 disabled="">$2</button>',
    );
    if (disabled === html) throw new Error('bench:slow: no Pay Now in the drawn screen');
    return disabled;
  } finally {
    await context.close();
  }
}

/** Bytes on the wire of every request a cold Slow 3G load started before its Pay Now. */
async function bytesBeforePayNow(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const { page, cdp } = await slowPage(context);
    const started = new Map<string, number>();
    const bytes = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number }) =>
      started.set(e.requestId, e.timestamp),
    );
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) =>
      bytes.set(e.requestId, e.encodedDataLength),
    );
    await watchInteractive(page, 'Pay Now');
    await page.goto(url, { waitUntil: 'commit' });
    const payNow = await interactiveAt(page);
    // Requests of the load's tail (the service worker's precache, lazy chunks) start after Pay Now.
    await page.waitForTimeout(2000);
    const first = Math.min(...started.values());
    let total = 0;
    for (const [id, at] of started) if ((at - first) * 1000 <= payNow) total += bytes.get(id) ?? 0;
    return total;
  } finally {
    await context.close();
  }
}

const [asBuilt, painted, padded] = await Promise.all([serve(), serve(), serve()]);
const browser = await launch();
try {
  const asBuiltAt = await asBuilt.listen({ port: 0, host: '127.0.0.1' });
  const screen = await drawnScreen(browser, `${asBuiltAt}/repay${BENCH_QUERY}`);
  const [frame] = PAGE_PARTS.frame;
  rewritePages(painted, (html) => {
    const next = html.replace(frame, `<div data-kopa-frame="">${screen}</div>`);
    if (next === html) throw new Error('bench:slow: the page holds no frame (pageParts.ts)');
    return next;
  });
  const pad = `/*${randomBytes(PAD_KB * 1024)
    .toString('base64')
    .slice(0, PAD_KB * 1024 - 4)}*/`;
  padded.get(PAD_PATH, (_req, reply) =>
    reply.type('text/javascript').header('Cache-Control', 'no-store').send(pad),
  );
  rewritePages(padded, (html) =>
    html.replace(ENTRY_SCRIPT, `<link rel="modulepreload" href="${PAD_PATH}">${ENTRY_SCRIPT}`),
  );
  const [paintedAt, paddedAt] = await Promise.all(
    [painted, padded].map((a) => a.listen({ port: 0, host: '127.0.0.1' })),
  );
  const bare = `${asBuiltAt}/__bench/index.html${BENCH_QUERY}`;
  const pages = [
    ['page as built', `${asBuiltAt}/repay${BENCH_QUERY}`],
    ['painted', `${paintedAt}/repay${BENCH_QUERY}`],
    [`padded +${PAD_KB} KB`, `${paddedAt}/repay${BENCH_QUERY}`],
    ['bare page', bare],
  ] as const;
  console.log(
    `Slow 3G (400 ms RTT, 400 kbit/s) + 4x CPU, /repay, median of ${RUNS} (cold, then warm in the same context):`,
  );
  const figures = await slowNetwork(
    browser,
    pages.map(([, url]) => url),
    'Pay Now',
    RUNS,
  );
  const at = (i: number): SlowFigures => {
    const f = figures[i];
    if (!f) throw new Error('no figures');
    return f;
  };
  for (const [i, [name]] of pages.entries()) {
    const f = at(i);
    console.log(
      `  ${name.padEnd(16)} cold: first paint ${f.cold.firstPaint.toFixed(0)} ms, Pay Now ${f.cold.interactive.toFixed(0)} ms; warm: first paint ${f.warm.firstPaint.toFixed(0)} ms, Pay Now ${f.warm.interactive.toFixed(0)} ms   cold runs ${f.runs.map((r) => r.cold.interactive.toFixed(0)).join(', ')}`,
    );
  }
  const perKb = (at(2).cold.interactive - at(0).cold.interactive) / PAD_KB;
  const gap = at(0).cold.interactive - at(3).cold.interactive;
  const kopaBytes = await bytesBeforePayNow(browser, pages[0][1]);
  const bareBytes = await bytesBeforePayNow(browser, bare);
  console.log(
    `  each KB before Pay Now: ${perKb.toFixed(1)} ms; cold Pay Now gap to the bare page: ${gap.toFixed(0)} ms = ${(gap / perKb).toFixed(1)} KB to cut`,
  );
  console.log(
    `  bytes on the wire by Pay Now (one cold load): page as built ${(kopaBytes / 1024).toFixed(1)} KB, bare page ${(bareBytes / 1024).toFixed(1)} KB`,
  );
} finally {
  await browser.close();
  await Promise.all([asBuilt, painted, padded].map((a) => a.close()));
}
