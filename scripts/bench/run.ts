/**
 * npm run bench: builds the app (and a bare React page that renders the same installment screen
 * from hard-coded JSX), serves both from the reference server, and prints:
 * - per route: initial JS (raw, gzip) and CSS, against the 110 KB gzip budget;
 * - time to the first interactive control of /repay, 4x CPU throttling, 390x844, median of 7
 *   cold loads, for Kopa and for the bare page, and their ratio (budget 1.5);
 * - time and JS heap to render an installment list of 1000 rows.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import routes from '../../config/routes.json';
import { buildServer } from '../../server/app';
import { launch } from './browser';
import { renderThousandRows } from './list1000';
import { routeSizes } from './sizes';
import { timeToInteractive } from './tti';

const ROOT = join(import.meta.dirname, '..', '..');
const JS_BUDGET_GZIP = 110 * 1024;
const TTI_RATIO_BUDGET = 1.5;
const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

console.log('Building the app and the bare React page...');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--config', 'bench/bare/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' });

const { entry, routes: sizes } = routeSizes(ROOT, routes.pages);
console.log('\nInitial JS and CSS per route (entry + validators + the layout\'s widget chunks):');
console.log(`  ${'route'.padEnd(20)} ${'JS raw'.padStart(10)} ${'JS gzip'.padStart(10)} ${'CSS raw'.padStart(10)} ${'CSS gzip'.padStart(10)} chunks`);
let over = 0;
for (const r of [entry, ...sizes]) {
  const flag = r.jsGzip > JS_BUDGET_GZIP ? '  OVER BUDGET' : '';
  if (flag) over++;
  console.log(`  ${r.route.padEnd(20)} ${kb(r.jsRaw).padStart(10)} ${kb(r.jsGzip).padStart(10)} ${kb(r.cssRaw).padStart(10)} ${kb(r.cssGzip).padStart(10)} ${String(r.chunks).padStart(6)}${flag}`);
}
const largest = Math.max(...sizes.map((r) => r.jsGzip), entry.jsGzip);
console.log(`  entry (what index.html loads on every route): ${kb(entry.jsGzip)} gzip, budget ${kb(JS_BUDGET_GZIP)}: ${entry.jsGzip <= JS_BUDGET_GZIP ? 'within' : 'OVER'}`);
console.log(`  largest first visit incl. validators and the layout's widgets: ${kb(largest)} gzip${over ? ` (${over} route(s) above ${kb(JS_BUDGET_GZIP)})` : ''}`);

const app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'kopa-bench-')), distDir: join(ROOT, 'dist'), layoutsDir: join(ROOT, 'layouts'), logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const session = 'userId=10001&sessionId=demo-session&orderId=O170&productId=P002';
const browser = await launch();
try {
  console.log(`\nTime to the first enabled "Pay Now" on /repay, 4x CPU throttling, 390x844, median of ${LOADS} cold loads each, taken in turns:`);
  const [kopa, bare] = await timeToInteractive(browser, [`${address}/repay?${session}`, `${address}/__bench/index.html?${session}`], 'Pay Now', LOADS);
  if (!kopa || !bare) throw new Error('no timings');
  const ratio = kopa.median / bare.median;
  console.log(`  Kopa (server-driven): ${kopa.median.toFixed(0)} ms   runs ${kopa.runs.map((r) => r.toFixed(0)).join(', ')}`);
  console.log(`  bare React page:      ${bare.median.toFixed(0)} ms   runs ${bare.runs.map((r) => r.toFixed(0)).join(', ')}`);
  console.log(`  ratio: ${ratio.toFixed(2)} (budget ${TTI_RATIO_BUDGET})${ratio > TTI_RATIO_BUDGET ? '  OVER BUDGET' : ''}`);

  const list = await renderThousandRows(browser, `${address}/repay?${session}`, '[data-node-id="installmentRow"]');
  console.log(`\nInstallment list of ${list.rows} rows (no throttling): in the DOM ${list.ms.toFixed(0)} ms after navigation start; JS heap ${list.heapMb.toFixed(1)} MB after GC`);
} finally {
  await browser.close();
  await app.close();
}
