/**
 * The steps of one cold load, read from its Chromium trace (npm run bench:phases, phases.ts): ms
 * from navigation start to each step, and the main thread's idle time before Pay Now. Apart from
 * the runner so it can be tested on a made-up trace (tests/unit/bench/tracePhases.test.ts).
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; fileName?: string; data?: { url?: string } };
}

export const CATEGORIES = [
  '__metadata',
  'devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'blink',
  'disabled-by-default-v8.compile',
];

/** An entry module's evaluation is long; the early script's and the small chunks' are not. */
const ENTRY_EVALUATION_US = 30_000;

/**
 * The renderer main thread that navigated, and when its navigation started (µs): the last
 * navigationStart on it (the blank page before the load has one too).
 */
export function loadedPage(
  events: readonly TraceEvent[],
): { main: TraceEvent; start: number } | null {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((n) => n.name === 'navigationStart' && n.pid === e.pid && n.tid === e.tid),
  );
  if (!main) return null;
  const start =
    events
      .filter((e) => e.name === 'navigationStart' && e.pid === main.pid)
      .map((e) => e.ts)
      .sort((a, b) => b - a)[0] ?? 0;
  return { main, start };
}

export type Phases = Record<string, number>;

export function phasesOf(events: TraceEvent[], payNowMs: number): Phases | null {
  const loaded = loadedPage(events);
  if (!loaded) return null;
  const { main, start } = loaded;
  const end = start + payNowMs * 1000;
  const onMain = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ph === 'X' &&
      e.ts >= start - 50_000 &&
      e.ts <= end,
  );
  const commit = onMain
    .filter((e) => e.name === 'DocumentLoader::CommitNavigation')
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  const after = commit?.ts ?? start;
  // The first of a name after the navigation's commit (the blank page before it has its own).
  const first = (name: string, pick: (e: TraceEvent) => boolean = () => true) =>
    events
      .filter((e) => e.pid === main.pid && e.name === name && e.ts > after && pick(e))
      .sort((a, b) => a.ts - b.ts)[0];
  const scripts = onMain
    .filter((e) => e.name === 'PendingScript::ExecuteScriptBlock' && e.ts > after)
    .sort((a, b) => a.ts - b.ts);
  const entry = onMain
    .filter(
      (e) => e.name === 'v8.evaluateModule' && (e.dur ?? 0) > ENTRY_EVALUATION_US && e.ts > after,
    )
    .sort((a, b) => a.ts - b.ts)[0];
  const compiled = first('v8.compileModule', (e) =>
    /\/index-[^/]*\.js/.test(e.args?.fileName ?? e.args?.data?.url ?? ''),
  );
  const ms = (ts: number | undefined) => (ts === undefined ? Number.NaN : (ts - start) / 1000);
  // Idle: no task running on the main thread between navigation start and Pay Now.
  const tasks = onMain
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts + (e.dur ?? 0) >= start)
    .sort((a, b) => a.ts - b.ts);
  let idle = 0;
  let busyUntil = start;
  for (const t of tasks) {
    if (t.ts > busyUntil) idle += Math.min(t.ts, end) - busyUntil;
    busyUntil = Math.max(busyUntil, t.ts + (t.dur ?? 0));
    if (busyUntil >= end) break;
  }
  if (busyUntil < end) idle += end - busyUntil;
  return {
    'commit ends': ms(commit ? commit.ts + (commit.dur ?? 0) : undefined),
    'entry compiled': ms(compiled?.ts),
    'parse ends': ms(first('domInteractive')?.ts),
    'first script runs': ms(scripts[0]?.ts),
    'first script ends': ms(scripts[0] ? scripts[0].ts + (scripts[0].dur ?? 0) : undefined),
    'first contentful paint': ms(first('firstContentfulPaint')?.ts),
    'entry starts': ms(entry?.ts),
    'entry ends': ms(entry ? entry.ts + (entry.dur ?? 0) : undefined),
    DOMContentLoaded: ms(first('domContentLoadedEventStart')?.ts),
    'Pay Now': payNowMs,
    'main thread idle before Pay Now': idle / 1000,
  };
}
