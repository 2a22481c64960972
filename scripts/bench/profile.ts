/**
 * npm run bench:profile: which source files the main thread runs, Kopa's /repay against the bare
 * page. Samples the JS CPU profile of cold loads (fresh context, CPU slowed BENCH_RATE times,
 * default 4) up to the first enabled "Pay Now", maps each sample through the build's source maps
 * to its source file (node_modules grouped by package), and prints self time per file, summed
 * over BENCH_TRACES loads each (default 3). BENCH_ROWS=1000 serves the 1000-installment plan.
 * BENCH_BY=function: by function instead of file; BENCH_BY=inclusive: by function, with what it calls.
 * Serves an existing build that has source maps (BENCH_DIST, coldLoads.ts), made by
 * `npx vite build --sourcemap --outDir dist-profile` and the bare page's by
 * `npx vite build --sourcemap --config bench/bare/vite.config.ts --outDir $PWD/dist-profile/__bench`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { coldLoads, printSideBySide, ROOT, SETTINGS, type Side } from './coldLoads';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const BY_FUNCTION = process.env.BENCH_BY === 'function' || process.env.BENCH_BY === 'inclusive';
/** BENCH_BY=inclusive: time per function with everything it calls (counted once per sample). */
const INCLUSIVE = process.env.BENCH_BY === 'inclusive';

const maps = new Map<string, TraceMap | null>();
function mapFor(url: string): TraceMap | null {
  const file = basename(new URL(url).pathname);
  if (!maps.has(file)) {
    const dir = url.includes('/__bench/')
      ? join(ROOT, SETTINGS.dist, '__bench', 'assets')
      : join(ROOT, SETTINGS.dist, 'assets');
    const path = join(dir, `${file}.map`);
    maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
  }
  return maps.get(file) ?? null;
}

/** Where a sample's frame comes from: a source file of ours, a package, or what V8 calls it. */
function origin(node: ProfileNode): string {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  if (!url) return functionName || '(anonymous)';
  const map = url.startsWith('http') ? mapFor(url) : null;
  if (!map) return basename(url.split('?')[0] ?? url);
  const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  const source = pos.source ?? '?';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  const where = pkg ? pkg[1]! : source.replace(/^.*?\/(src|bench)\//, '$1/');
  return BY_FUNCTION ? `${where} ${pos.name ?? functionName}:${pos.line ?? '?'}` : where;
}

const totals: Record<Side, Map<string, number>> = { kopa: new Map(), bare: new Map() };
await coldLoads(async (side, page, _browser, load) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await load();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map(
    profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id] as const)),
  );
  const keys = new Map<number, string>();
  const keyOf = (node: ProfileNode): string => {
    const known = keys.get(node.id);
    if (known !== undefined) return known;
    const key = origin(node);
    keys.set(node.id, key);
    return key;
  };
  profile.samples.forEach((id, k) => {
    const ms = (profile.timeDeltas[k] ?? 0) / 1000;
    // Self time: the sampled frame. Inclusive: every function on its stack, once each.
    const on = new Set<string>();
    for (
      let at: number | undefined = id;
      at !== undefined;
      at = INCLUSIVE ? parent.get(at) : undefined
    ) {
      const node = byId.get(at);
      if (node) on.add(keyOf(node));
    }
    for (const where of on) totals[side].set(where, (totals[side].get(where) ?? 0) + ms);
  });
});
printSideBySide(
  `Sampled ${INCLUSIVE ? 'inclusive' : 'self'} time per load (ms, wall clock of the profile, mean of ${SETTINGS.loads}), by ${BY_FUNCTION ? 'function' : 'source file'}:`,
  totals,
  Number(process.env.BENCH_TOP ?? 45),
);
