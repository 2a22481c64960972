import { describe, expect, it } from 'vitest';
import { phasesOf, type TraceEvent } from '../../../scripts/bench/tracePhases';

const PID = 7;
const MAIN = 1;
const WORKER = 2;
const T0 = 1_000_000; // navigation start, in µs

/** A complete event on `tid`, `at` and `ms` in ms from navigation start. */
const x = (
  name: string,
  at: number,
  ms: number,
  tid = MAIN,
  args?: TraceEvent['args'],
): TraceEvent => ({
  name,
  ph: 'X',
  ts: T0 + at * 1000,
  dur: ms * 1000,
  pid: PID,
  tid,
  ...(args ? { args } : {}),
});
const mark = (name: string, at: number): TraceEvent => ({
  name,
  ph: 'R',
  ts: T0 + at * 1000,
  pid: PID,
  tid: MAIN,
});
const task = (at: number, ms: number) => x('ThreadControllerImpl::RunTask', at, ms);

/** A load like Kopa's: the early script, a paint, then the entry. */
function kopaLike(): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
    {
      name: 'thread_name',
      ph: 'M',
      ts: 0,
      pid: PID,
      tid: WORKER,
      args: { name: 'ThreadPoolForegroundWorker' },
    },
    mark('navigationStart', 0),
    // The blank page before the navigation commits has its own parse end and DOMContentLoaded.
    mark('domInteractive', 2),
    mark('domContentLoadedEventStart', 2),
    task(10, 100),
    x('DocumentLoader::CommitNavigation', 10, 100),
    x('v8.compileModule', 150, 1, MAIN, { fileName: 'http://127.0.0.1/assets/index-Abc123.js' }),
    x('v8.compileModule', 120, 1, MAIN, { fileName: 'http://127.0.0.1/assets/early-Xyz.js' }),
    task(150, 2),
    task(160, 25),
    mark('domInteractive', 170),
    x('PendingScript::ExecuteScriptBlock', 170, 15),
    task(190, 20),
    mark('firstContentfulPaint', 205),
    task(215, 90),
    x('PendingScript::ExecuteScriptBlock', 215, 90),
    x('v8.evaluateModule', 216, 88),
    mark('domContentLoadedEventStart', 306),
    task(310, 40),
    // A long task on another thread is no main-thread work.
    x('ThreadControllerImpl::RunTask', 120, 200, WORKER),
  ];
}

describe('phasesOf (npm run bench:phases)', () => {
  it('reads each step after the navigation commits, in ms from navigation start', () => {
    const phases = phasesOf(kopaLike(), 350);
    expect(phases).toMatchObject({
      'commit ends': 110,
      'entry compiled': 150,
      'parse ends': 170,
      'first script runs': 170,
      'first script ends': 185,
      'first contentful paint': 205,
      'entry starts': 216,
      'entry ends': 304,
      DOMContentLoaded: 306,
      'Pay Now': 350,
    });
  });

  it('counts the main thread idle between its tasks up to Pay Now, not another thread busy', () => {
    // Gaps: 0-10, 110-150, 152-160, 185-190, 210-215, 305-310 = 10 + 40 + 8 + 5 + 5 + 5.
    expect(phasesOf(kopaLike(), 350)?.['main thread idle before Pay Now']).toBe(73);
    // Pay Now during the gap after the entry: the idle time stops there.
    expect(phasesOf(kopaLike(), 307)?.['main thread idle before Pay Now']).toBe(70);
  });

  it('gives nothing for a trace without the renderer main thread', () => {
    expect(phasesOf([mark('navigationStart', 0)], 100)).toBeNull();
  });
});
