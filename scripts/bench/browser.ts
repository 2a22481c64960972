import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';

export function launch(): Promise<Browser> {
  // Precise memory info: the benchmark reports the JS heap.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
}

/** A fresh context (cold cache) at 390x844 with the CPU slowed down `rate` times. */
export async function throttledPage(
  browser: Browser,
  rate: number,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { page, close: () => context.close() };
}

/** The page's call when its control is interactive (Runtime.addBinding: one message, no polling). */
const BINDING = '__kopaBenchInteractive';

/** Per page: the moments its documents reported (in order), and who waits for the next one. */
const reports = new WeakMap<Page, { moments: number[]; waiting: ((ms: number) => void)[] }>();

/**
 * Records, in the page, the moment (ms since navigation start) a button with this label first
 * exists and is enabled: the first interactive control. With `rowSelector`, also at least one
 * element matching it must be there. The page reports it through a CDP binding, once per
 * document; interactiveAt takes the reports in order (a cold load, then a warm one).
 */
export async function watchInteractive(
  page: Page,
  label: string,
  rowSelector?: string,
): Promise<void> {
  if (!reports.has(page)) {
    const queue = { moments: [] as number[], waiting: [] as ((ms: number) => void)[] };
    reports.set(page, queue);
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Runtime.bindingCalled', (event: { name: string; payload: string }) => {
      if (event.name !== BINDING) return;
      const ms = Number(event.payload);
      const next = queue.waiting.shift();
      if (next) next(ms);
      else queue.moments.push(ms);
    });
    // The binding's calls are reported only to a session with the runtime domain on.
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: BINDING });
  }
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.addInitScript(`(() => {
    const text = ${JSON.stringify(label)};
    const rows = ${JSON.stringify(rowSelector ?? null)};
    let done = false;
    const check = () => {
      if (done) return;
      if (rows !== null && document.querySelector(rows) === null) return;
      for (const b of document.querySelectorAll('button')) {
        if (!b.disabled && b.textContent.trim() === text) {
          done = true;
          observer.disconnect();
          window.${BINDING}(String(performance.now()));
          return;
        }
      }
    };
    const observer = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => {
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
      check();
    });
  })();`);
}

/**
 * The next moment watchInteractive's page reported. Pushed by the page, not asked for: the bench
 * asked every 20 ms over CDP before (Runtime.evaluate), and each question is a task on the page's
 * main thread in the middle of the load being measured, more of them the longer a load takes.
 */
export function interactiveAt(page: Page, timeoutMs = 120_000): Promise<number> {
  const queue = reports.get(page);
  if (!queue) return Promise.reject(new Error('interactiveAt: call watchInteractive first'));
  const known = queue.moments.shift();
  if (known !== undefined) return Promise.resolve(known);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      queue.waiting.splice(queue.waiting.indexOf(take), 1);
      reject(new Error(`no enabled button after ${timeoutMs} ms`));
    }, timeoutMs);
    const take = (ms: number) => {
      clearTimeout(timer);
      resolve(ms);
    };
    queue.waiting.push(take);
  });
}

/**
 * A pause between two measured loads. Closing a page's context ends its renderer, and Chromium
 * then starts a spare renderer for the next navigation (some 200 ms of CPU here, seen with
 * /proc/<pid>/stat): without a pause, that work and the old page's teardown run during the next
 * load, whichever page it is.
 */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
