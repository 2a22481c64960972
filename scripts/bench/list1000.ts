import type { Browser } from 'playwright-core';
import { throttledPage } from './browser';

/**
 * Renders the installment screen with 1000 pending installments (the plan response is replaced
 * in the browser) and measures the time until all rows are in the DOM, and the JS heap then.
 */
export async function renderThousandRows(browser: Browser, url: string, rowSelector: string): Promise<{ ms: number; heapMb: number; rows: number }> {
  const { page, close } = await throttledPage(browser, 1);
  await page.route('**/vexed/v3/installment/loan-play-detail-yd**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { repayPlanDetail: { repayWaitDetail: Record<string, unknown>[]; repayWaitCount?: number } } };
    const first = body.data.repayPlanDetail.repayWaitDetail[0] ?? {};
    body.data.repayPlanDetail.repayWaitDetail = Array.from({ length: 1000 }, (_, i) => ({ ...first, periodNo: i + 1, canClick: i === 0 ? 1 : 0 }));
    body.data.repayPlanDetail.repayWaitCount = 1000;
    await route.fulfill({ response, json: body });
  });
  await page.goto(url);
  await page.waitForFunction((sel: string) => document.querySelectorAll(sel).length >= 1000, rowSelector, { timeout: 120_000 });
  const ms = await page.evaluate(() => performance.now());
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const rows = await page.evaluate((sel: string) => document.querySelectorAll(sel).length, rowSelector);
  await close();
  return { ms, heapMb: heap.usedSize / 1024 / 1024, rows };
}
