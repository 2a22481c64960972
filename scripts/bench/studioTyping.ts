/**
 * The typing bench:studio measures, in a logged-in studio page with the layout open: at each
 * position a property name made unknown by one key and mended by Backspace (each timed from the
 * keydown to the problem list showing it), then a burst of keys; long tasks collected apart while
 * typing and after the pause that follows.
 */
import type { Page } from 'playwright-core';

export interface Task {
  ms: number;
  where: 'studio' | 'preview frame';
}

const BURST = 8;
const KEY_GAP_MS = 120;
const PAUSE_MS = 2500;

/** In the page: long tasks, and the moment of the last keydown. */
const WATCH = `(() => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const a = e.attribution && e.attribution[0];
      const frame = a && a.containerType === 'iframe';
      window.__tasks.push({ ms: e.duration, where: frame || e.name !== 'self' ? 'preview frame' : 'studio' });
    }
  }).observe({ type: 'longtask' });
  addEventListener('keydown', () => { window.__lastKey = performance.now(); }, true);
})()`;

const takeTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __tasks: Task[] };
    const out = w.__tasks;
    w.__tasks = [];
    return out;
  });

const problemsText = (page: Page) =>
  page.evaluate(() => document.querySelector('[role=tabpanel]')?.textContent ?? '');

/** Ms from the last keydown until the problem list reads (or no longer reads) `text`. */
async function untilProblems(page: Page, text: string, same: boolean): Promise<number> {
  const handle = await page.waitForFunction(
    ({ text, same }) => {
      const now = document.querySelector('[role=tabpanel]')?.textContent ?? '';
      if ((now === text) !== same) return false;
      return performance.now() - (window as unknown as { __lastKey: number }).__lastKey;
    },
    { text, same },
    { polling: 'raf', timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Properties of widgets and actions, never of a map of the layout's own names (state, params). */
const WIDGET_PROPERTIES =
  /^(label|text|title|visible|onTap|children|variant|disabled|placeholder)$/;

/** Lines of `text` whose first token is a widget's property name (`"label": ...`), spread evenly. */
function positions(text: string, count: number): Array<{ line: number; name: string }> {
  const lines = text.split('\n');
  const keyed = lines
    .map((l, i) => ({ line: i, name: /^\s*"([a-zA-Z]+)":/.exec(l)?.[1] ?? '' }))
    .filter((p) => WIDGET_PROPERTIES.test(p.name));
  return Array.from(
    { length: count },
    (_, k) => keyed[Math.floor(((k + 0.5) * keyed.length) / count)],
  ).filter((p): p is { line: number; name: string } => p !== undefined);
}

/** Called around each stretch of typing (a profiler started and stopped, say). */
export interface Segment {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function studioTyping(page: Page, text: string, count: number, segment?: Segment) {
  await page.evaluate(WATCH);
  const latencies: number[] = [];
  const typing: Task[] = [];
  const pause: Task[] = [];
  let keys = 0;
  const editor = page.getByRole('textbox', { name: 'Layout JSON' });
  await editor.click();
  const places = positions(text, count);
  for (const { line } of places) {
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < line; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Home'); // after the indentation: on the name's opening quote
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(PAUSE_MS);
    await takeTasks(page);
    // The key makes the property unknown: the list changes; Backspace brings it back.
    const before = await problemsText(page);
    await segment?.start();
    await page.keyboard.press('x');
    latencies.push(await untilProblems(page, before, false));
    await page.keyboard.press('Backspace');
    latencies.push(await untilProblems(page, before, true));
    for (let i = 0; i < BURST; i += 1) {
      await page.keyboard.press('q');
      await page.waitForTimeout(KEY_GAP_MS);
    }
    for (let i = 0; i < BURST; i += 1) {
      await page.keyboard.press('Backspace');
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await segment?.stop();
    keys += 2 + 2 * BURST;
    typing.push(...(await takeTasks(page)));
    await page.waitForTimeout(PAUSE_MS);
    pause.push(...(await takeTasks(page)));
  }
  const checks = await page.evaluate(() =>
    performance.getEntriesByName('kopa-check').map((m) => Number((m as PerformanceMark).detail)),
  );
  return { latencies, typing, pause, keys, positions: places.length, checks };
}
