/**
 * npm run bench:phases: when each step of a cold load happens, Kopa's /repay against the bare page
 *. From a Chromium trace of each load (coldLoads.ts: BENCH_DIST, BENCH_RATE,
 * BENCH_TRACES, BENCH_ROWS), in ms from navigation start, the median over the loads:
 * - the navigation's commit ends; the entry's compile is done (its `v8.compileModule`);
 * - the parse ends (domInteractive); the first script runs (Kopa: the early script) and ends;
 * - first contentful paint; the entry starts and ends (its module evaluation); DOMContentLoaded;
 * - Pay Now is enabled; the last API answer before it arrives, and how many requests the page
 *   sent between that answer and Pay Now (dataPhases.ts: none is the aim);
 * and the main thread's idle time before Pay Now. What it showed (the ninth performance part,
 * condensed in docs/decisions/018-performance.md): the entry is compiled before the parse ends,
 * and a paint comes between the early script and the entry. For finding where a change moved
 * time; `npm run bench` holds the figures.
 */
import { median } from './browser';
import { coldLoads, SETTINGS, type Side } from './coldLoads';
import { CATEGORIES, loadedPage, phasesOf, type Phases, type TraceEvent } from './tracePhases';
import { dataPhasesOf, requestsAfterData } from './dataPhases';

const all: Record<Side, Phases[]> = { kopa: [], bare: [] };
/** What was fetched between the data and Pay Now, by address (path), counted over the loads. */
const after: Record<Side, Map<string, number>> = { kopa: new Map(), bare: new Map() };
await coldLoads(async (side, page, browser, load) => {
  await browser.startTracing(page, { categories: CATEGORIES });
  const at = await load();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  const phases = phasesOf(traceEvents, at);
  const start = loadedPage(traceEvents)?.start;
  if (phases && start !== undefined)
    all[side].push({ ...phases, ...dataPhasesOf(traceEvents, start, at) });
  for (const url of start === undefined
    ? []
    : (requestsAfterData(traceEvents, start, at)?.urls ?? [])) {
    const path = url.startsWith('http') ? new URL(url).pathname : url;
    after[side].set(path, (after[side].get(path) ?? 0) + 1);
  }
});

const names = Object.keys(all.kopa[0] ?? all.bare[0] ?? {});
const cell = (side: Side, name: string) => {
  const values = all[side].map((p) => p[name] ?? Number.NaN).filter((v) => !Number.isNaN(v));
  return (values.length === 0 ? '-' : median(values).toFixed(0)).padStart(8);
};
console.log(
  `Phases of a cold load, ms from navigation start, median of ${SETTINGS.loads} traced loads each (${SETTINGS.rate}x CPU; tracing adds time):`,
);
console.log(`  ${'step'.padEnd(34)} ${'Kopa'.padStart(8)} ${'bare'.padStart(8)}`);
for (const name of names)
  console.log(`  ${name.padEnd(34)} ${cell('kopa', name)} ${cell('bare', name)}`);
for (const side of ['kopa', 'bare'] as const)
  for (const [path, n] of after[side])
    console.log(`  ${side} fetched after the data: ${path} (${n} of ${SETTINGS.loads} loads)`);
