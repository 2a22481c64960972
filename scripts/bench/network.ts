import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { interactiveAt, median, watchInteractive } from './browser';

/** Slow 3G as the issue states it: 400 ms round trip, 400 kbit/s each way. */
export const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

export interface LoadFigures {
  /** ms from navigation start to the first paint with content (the frame, or the page). */
  firstPaint: number;
  /** ms from navigation start to an enabled `label` button. */
  interactive: number;
}

export interface SlowFigures {
  cold: LoadFigures;
  warm: LoadFigures;
  runs: { cold: LoadFigures; warm: LoadFigures }[];
}

/** A new page of `context` on Slow 3G with the CPU 4x slower, and its CDP session (network domain on). */
export async function slowPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, cdp };
}

async function measure(page: Page, url: string): Promise<LoadFigures> {
  await page.goto(url, { waitUntil: 'commit' });
  const interactive = await interactiveAt(page);
  // Read once the load is measured: nothing of the harness runs in the page before that.
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  return { interactive, firstPaint };
}

/**
 * A cold open (new context: empty HTTP cache, no service worker) and then a warm one (same
 * context, once a service worker, if the page registers one, controls it and the first open has
 * finished loading), on Slow 3G with the CPU 4x slower. The bare page gets the same server: compressed, cached, ETags.
 */
async function coldThenWarm(
  browser: Browser,
  url: string,
  label: string,
): Promise<{ cold: LoadFigures; warm: LoadFigures }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const { page } = await slowPage(context);
    await watchInteractive(page, label);
    const cold = await measure(page, url);
    // A registered worker installs after the load (it precaches then): wait until it controls the page.
    await page.waitForFunction(
      async () => {
        const reg = await navigator.serviceWorker?.getRegistration();
        return !reg || navigator.serviceWorker.controller !== null;
      },
      null,
      { timeout: 120_000, polling: 200 },
    );
    // A warm open comes after the first one has finished loading (its lazy chunks, the worker's
    // own fetches). Measured at once instead, the next navigation went to the network, not to
    // the worker that already controlled the page: for about a second after it took control,
    // Chromium answered it from the HTTP cache after a 400 ms revalidation (seen in the
    // waterfall), so "warm" measured a page the worker never served.
    await page.waitForLoadState('networkidle');
    const warm = await measure(page, url);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** Medians over `runs` cold+warm pairs per page, the pages taking turns. */
export async function slowNetwork(
  browser: Browser,
  urls: readonly string[],
  label: string,
  runs: number,
): Promise<SlowFigures[]> {
  const all = urls.map(() => [] as { cold: LoadFigures; warm: LoadFigures }[]);
  for (let i = 0; i < runs; i++) {
    for (const [k, url] of urls.entries()) all[k]?.push(await coldThenWarm(browser, url, label));
  }
  const med = (
    list: { cold: LoadFigures; warm: LoadFigures }[],
    kind: 'cold' | 'warm',
  ): LoadFigures => ({
    firstPaint: median(list.map((r) => r[kind].firstPaint)),
    interactive: median(list.map((r) => r[kind].interactive)),
  });
  return all.map((list) => ({ cold: med(list, 'cold'), warm: med(list, 'warm'), runs: list }));
}
