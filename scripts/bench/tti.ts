import type { Browser } from 'playwright-core';
import { interactiveAt, median, settle, throttledPage, watchInteractive } from './browser';

/** One cold load (fresh context, 4x CPU throttling): ms from navigation start to an enabled `label` button. */
async function loadOnce(browser: Browser, url: string, label: string): Promise<number> {
  const { page, close } = await throttledPage(browser, 4);
  try {
    await watchInteractive(page, label);
    await page.goto(url, { waitUntil: 'commit' });
    return await interactiveAt(page, 60_000);
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
  // One load of each first, not counted: the server's and the browser's first-use costs (JIT,
  // the font service's caches) would otherwise fall on whichever page goes first.
  for (const url of urls) await loadOnce(browser, url, label);
  // Each round starts with the next page: a fixed order gave each page a fixed neighbour (the
  // load before it), and two builds compared in one run came out 9 ms apart one way, then the other.
  for (let i = 0; i < loads; i++) {
    for (let j = 0; j < urls.length; j++) {
      const k = (i + j) % urls.length;
      await settle();
      runs[k]?.push(await loadOnce(browser, urls[k] ?? '', label));
    }
  }
  return runs.map((r) => ({ median: median(r), runs: r }));
}
