import type { RouteSize } from './sizes';

/** Any route's first visit on the wire (brotli). */
export const JS_BUDGET = 110 * 1024;
/** The entry bundle alone, gzip (what a server without brotli sends). */
export const ENTRY_GZIP_BUDGET = 110 * 1024;
/** /repay's first visit on the wire (brotli): a target, printed, not enforced. */
export const REPAY_TARGET = 80 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/**
 * The JS each route loads before its screen is interactive (before /repay's Pay Now): the entry
 * with its static imports and every chunk the route's page preloads, as server/page/appShell.ts
 * writes it. Prints the table and the budgets; returns how many budgets were not met.
 */
export function printRouteBytes(entry: RouteSize, sizes: RouteSize[]): number {
  console.log(
    '\nJS before the screen is interactive, per route (entry + the chunks its page preloads); brotli is what the server sends:',
  );
  console.log(
    `  ${'route'.padEnd(20)} ${'JS raw'.padStart(10)} ${'JS gzip'.padStart(10)} ${'JS br'.padStart(10)} ${'CSS br'.padStart(9)} chunks`,
  );
  let over = 0;
  for (const r of [entry, ...sizes]) {
    const flag = r.jsBr > JS_BUDGET ? '  OVER BUDGET' : '';
    if (flag) over++;
    console.log(
      `  ${r.route.padEnd(20)} ${kb(r.jsRaw).padStart(10)} ${kb(r.jsGzip).padStart(10)} ${kb(r.jsBr).padStart(10)} ${kb(r.cssBr).padStart(9)} ${String(r.chunks).padStart(6)}${flag}`,
    );
  }
  const largest = [entry, ...sizes].reduce((a, b) => (b.jsBr > a.jsBr ? b : a));
  const largestGzip = Math.max(entry.jsGzip, ...sizes.map((r) => r.jsGzip));
  console.log(
    `  largest first visit on the wire: ${kb(largest.jsBr)} br (${largest.route}), ${kb(largestGzip)} if only gzip; budget ${kb(JS_BUDGET)}: ${verdict(over === 0)}`,
  );
  const entryOk = entry.jsGzip <= ENTRY_GZIP_BUDGET;
  console.log(
    `  the entry bundle: ${kb(entry.jsGzip)} gzip; budget ${kb(ENTRY_GZIP_BUDGET)}: ${verdict(entryOk)}`,
  );
  const repay = sizes.find((r) => r.route === '/repay');
  if (repay)
    console.log(
      `  /repay's first visit: ${kb(repay.jsBr)} br in ${repay.chunks} files; target ${kb(REPAY_TARGET)}: ${verdict(repay.jsBr <= REPAY_TARGET)}`,
    );
  return over + (entryOk ? 0 : 1);
}
