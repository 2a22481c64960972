/**
 * npm run bench:bytes [-- <dist>]: the JS each route loads before its screen is interactive
 * (before /repay's Pay Now), over a build already made (default dist/, or BENCH_DIST), with the
 * budgets: any first visit 110 KB brotli, the entry 110 KB gzip, /repay's 80 KB target. Exits 1
 * when a budget is not met (the /repay target is printed, not enforced). No browser, no server.
 */
import { join } from 'node:path';
import routes from '../../config/routes.json';
import { printRouteBytes } from './bytesTable';
import { routeSizes } from './sizes';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = process.argv[2] ?? process.env.BENCH_DIST ?? 'dist';

const { entry, routes: sizes } = await routeSizes(ROOT, routes.pages, DIST);
const over = printRouteBytes(entry, sizes);
process.exitCode = over === 0 ? 0 : 1;
