import type { Browser, Page } from 'playwright-core';
import { interactiveAt, throttledPage, watchInteractive } from './browser';

export interface ListFigures {
  /** ms from navigation start until the list shows rows and Pay Now is enabled. */
  ms: number;
  heapMb: number;
  /** Rows in the DOM then (a windowed list renders the ones near the screen only). */
  rows: number;
  /** After scrolling to the end, once the last row is in the DOM: the heap, the time it took, the rows in the DOM. */
  allRowsHeapMb: number;
  scrollMs: number;
  rowsAtEnd: number;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return heap.usedSize / 1024 / 1024;
}

/**
 * Renders the installment screen with 1000 pending installments (the plan response is replaced
 * in the browser): the time until the list is on screen and the page interactive, the JS heap
 * then, and, after scrolling to the end (until the last row is in the DOM), the heap again.
 */
export async function renderThousandRows(browser: Browser, url: string, rowSelector: string): Promise<ListFigures> {
  const { page, close } = await throttledPage(browser, 1);
  try {
    await page.route('**/vexed/v3/installment/loan-play-detail-yd**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { repayPlanDetail: { repayWaitDetail: Record<string, unknown>[]; repayWaitCount?: number } } };
      const first = body.data.repayPlanDetail.repayWaitDetail[0] ?? {};
      body.data.repayPlanDetail.repayWaitDetail = Array.from({ length: 1000 }, (_, i) => ({ ...first, periodNo: i + 1, canClick: i === 0 ? 1 : 0 }));
      body.data.repayPlanDetail.repayWaitCount = 1000;
      await route.fulfill({ response, json: body });
    });
    await watchInteractive(page, 'Pay Now', rowSelector);
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await interactiveAt(page);
    const heap = await heapMb(page);
    const rows = await page.evaluate((sel: string) => document.querySelectorAll(sel).length, rowSelector);
    const start = Date.now();
    // The last row by what it shows ("Period 1000"): a windowed list never has all 1000 in the DOM.
    await page.waitForFunction((sel: string) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      // The checkbox's own label: a row's whole text runs "Period 1000" into the amount after it.
      return [...document.querySelectorAll(`${sel} label, ${sel} span`)].some((e) => e.textContent?.trim() === 'Period 1000');
    }, rowSelector, { timeout: 120_000, polling: 50 });
    const scrollMs = Date.now() - start;
    const rowsAtEnd = await page.evaluate((sel: string) => document.querySelectorAll(sel).length, rowSelector);
    return { ms, heapMb: heap, rows, allRowsHeapMb: await heapMb(page), scrollMs, rowsAtEnd };
  } finally {
    await close();
  }
}
