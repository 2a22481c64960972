import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';


export function launch(): Promise<Browser> {
  // Precise memory info: the benchmark reports the JS heap.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });
}

/** A fresh context (cold cache) at 390x844 with the CPU slowed down `rate` times. */
export async function throttledPage(browser: Browser, rate: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { page, close: () => context.close() };
}

/**
 * Records, in the page, the moment (ms since navigation start) a button with this label first
 * exists and is enabled: the first interactive control. With `rowSelector`, also at least one
 * element matching it must be there.
 */
export async function watchInteractive(page: Page, label: string, rowSelector?: string): Promise<void> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.addInitScript(`(() => {
    const text = ${JSON.stringify(label)};
    const rows = ${JSON.stringify(rowSelector ?? null)};
    const check = () => {
      if (window.__interactiveAt !== undefined) return;
      if (rows !== null && document.querySelector(rows) === null) return;
      for (const b of document.querySelectorAll('button')) {
        if (!b.disabled && b.textContent.trim() === text) {
          window.__interactiveAt = performance.now();
          observer.disconnect();
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
 * The moment watchInteractive recorded, once there. Asked over a raw CDP session: Playwright's
 * waitForFunction and evaluate first run Playwright's own injected script in the page, about
 * 60-110 ms of main-thread work at 4x that then lands in the middle of the load being measured
 * (for whichever page is still working after its load event).
 */
export async function interactiveAt(page: Page, timeoutMs = 120_000): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { result } = (await cdp.send('Runtime.evaluate', { expression: 'window.__interactiveAt', returnByValue: true })) as { result: { value?: unknown } };
      if (typeof result.value === 'number') return result.value;
      if (Date.now() > deadline) throw new Error(`no enabled button after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await cdp.detach().catch(() => undefined);
  }
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
