import type { Browser } from 'playwright-core';
import { median, throttledPage, watchInteractive } from './browser';

/** Median time to the first enabled "Pay Now" over `loads` cold loads with 4x CPU throttling. */
export async function timeToInteractive(browser: Browser, url: string, label: string, loads: number): Promise<{ median: number; runs: number[] }> {
  const runs: number[] = [];
  for (let i = 0; i < loads; i++) {
    const { page, close } = await throttledPage(browser, 4);
    await watchInteractive(page, label);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __interactiveAt?: number }).__interactiveAt !== undefined, null, { timeout: 60_000 });
    runs.push(await page.evaluate(() => (window as unknown as { __interactiveAt: number }).__interactiveAt));
    await close();
  }
  return { median: median(runs), runs };
}
