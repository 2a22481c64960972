/**
 * npm run bench:trace: where the main thread's time goes, Kopa's /repay against the bare page.
 * Records a Chromium trace of cold loads of each (coldLoads.ts: BENCH_DIST, BENCH_RATE,
 * BENCH_TRACES, BENCH_ROWS) and prints the renderer main thread's self time by trace event
 * (script evaluation, compile, parse, style, layout, ...), per load. For finding what to cut;
 * `npm run bench` holds the figures.
 */
import { coldLoads, printSideBySide, SETTINGS, type Side } from './coldLoads';
import { loadedPage, type TraceEvent } from './tracePhases';

const CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
];

/** Self time (ms) by event name on the renderer's main thread, from navigation start to `untilMs` after it. */
function selfTimes(events: TraceEvent[], untilMs: number): Map<string, number> {
  const out = new Map<string, number>();
  const loaded = loadedPage(events);
  if (!loaded) return out;
  const { main, start } = loaded;
  const end = start + untilMs * 1000;
  const mine = events
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        e.dur !== undefined &&
        e.ts >= start &&
        e.ts < end,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.e.ts + (top.e.dur ?? 0) > upTo) break;
      stack.pop();
      const self = (top.e.dur ?? 0) - top.child;
      out.set(top.e.name, (out.get(top.e.name) ?? 0) + self / 1000);
      if (stack.length > 0) stack[stack.length - 1]!.child += top.e.dur ?? 0;
    }
  };
  for (const e of mine) {
    close(e.ts);
    stack.push({ e, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return out;
}

const totals: Record<Side, Map<string, number>> = { kopa: new Map(), bare: new Map() };
await coldLoads(async (side, page, browser, load) => {
  await browser.startTracing(page, { categories: CATEGORIES });
  const at = await load();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  for (const [name, ms] of selfTimes(traceEvents, at))
    totals[side].set(name, (totals[side].get(name) ?? 0) + ms);
});
printSideBySide(
  `Main-thread self time per load (ms), mean of ${SETTINGS.loads}, by trace event:`,
  totals,
  60,
  1,
);
