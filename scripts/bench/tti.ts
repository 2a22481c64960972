import type { Browser } from 'playwright-core';
import { median, throttledPage, watchInteractive } from './browser';

/** One cold load (fresh context, 4x CPU throttling): ms from navigation start to an enabled `label` button. */
async function loadOnce(browser: Browser, url: string, label: string): Promise<number> {
  const { page, close } = await throttledPage(browser, 4);
  try {
    await watchInteractive(page, label);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __interactiveAt?: number }).__interactiveAt !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => (window as unknown as { __interactiveAt: number }).__interactiveAt);
  } finally {
    await close();
  }
}

/**
 * Median time to interactive of several pages over `loads` cold loads each. The pages take turns
 * (A, B, A, B, ...), so a busy spell of a shared machine falls on both and not on one of them.
 */
export async function timeToInteractive(
  browser: Browser,
  urls: readonly string[],
  label: string,
  loads: number,
): Promise<{ median: number; runs: number[] }[]> {
  const runs = urls.map(() => [] as number[]);
  for (let i = 0; i < loads; i++) {
    for (const [k, url] of urls.entries()) runs[k]?.push(await loadOnce(browser, url, label));
  }
  return runs.map((r) => ({ median: median(r), runs: r }));
}
