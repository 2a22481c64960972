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

type Plan = {
  data: {
    repayPlanDetail: { repayWaitDetail: Record<string, unknown>[]; repayWaitCount?: number };
  };
};

/**
 * Replaces the plan response with one of 1000 pending installments, in the browser's network
 * layer (CDP Fetch, at the response stage, for that URL only). Playwright's page.route would
 * route every request of the page through this process, a round trip per file: that cost the
 * app (13 files) far more than the bare page (3) and was not the app's doing.
 */
export async function withThousandInstallments(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on(
    'Fetch.requestPaused',
    (event: {
      requestId: string;
      responseStatusCode?: number;
      responseHeaders?: { name: string; value: string }[];
    }) => {
      void (async () => {
        if (event.responseStatusCode !== 200)
          throw new Error(`the plan request answered ${event.responseStatusCode ?? 'nothing'}`);
        const { body, base64Encoded } = (await cdp.send('Fetch.getResponseBody', {
          requestId: event.requestId,
        })) as { body: string; base64Encoded: boolean };
        const plan = JSON.parse(
          base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body,
        ) as Plan;
        const first = plan.data.repayPlanDetail.repayWaitDetail[0] ?? {};
        plan.data.repayPlanDetail.repayWaitDetail = Array.from({ length: 1000 }, (_, i) => ({
          ...first,
          periodNo: i + 1,
          canClick: i === 0 ? 1 : 0,
        }));
        plan.data.repayPlanDetail.repayWaitCount = 1000;
        // The body goes back decoded: the length and encoding headers of the original no longer hold.
        const headers = (event.responseHeaders ?? []).filter(
          (h) => !/^(content-length|content-encoding)$/i.test(h.name),
        );
        await cdp.send('Fetch.fulfillRequest', {
          requestId: event.requestId,
          responseCode: 200,
          responseHeaders: headers,
          body: Buffer.from(JSON.stringify(plan)).toString('base64'),
        });
      })().catch((error: unknown) => {
        // Left paused, the page would wait for ever: the bench says why instead.
        console.error(`1000 rows: could not replace the plan response: ${String(error)}`);
        void cdp
          .send('Fetch.continueRequest', { requestId: event.requestId })
          .catch(() => undefined);
      });
    },
  );
  await cdp.send('Fetch.enable', {
    patterns: [
      { urlPattern: '*/vexed/v3/installment/loan-play-detail-yd*', requestStage: 'Response' },
    ],
  });
}

/**
 * Renders the installment screen with 1000 pending installments (the plan response is replaced
 * in the browser): the time until the list is on screen and the page interactive, the JS heap
 * then, and, after scrolling to the end (until the last row is in the DOM), the heap again.
 */
export async function renderThousandRows(
  browser: Browser,
  url: string,
  rowSelector: string,
): Promise<ListFigures> {
  const { page, close } = await throttledPage(browser, 1);
  try {
    await withThousandInstallments(page);
    await watchInteractive(page, 'Pay Now', rowSelector);
    await page.goto(url, { waitUntil: 'commit' });
    const ms = await interactiveAt(page);
    const heap = await heapMb(page);
    const rows = await page.evaluate(
      (sel: string) => document.querySelectorAll(sel).length,
      rowSelector,
    );
    const start = Date.now();
    // The last row by what it shows ("Period 1000"): a windowed list never has all 1000 in the DOM.
    await page.waitForFunction(
      (sel: string) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        // The checkbox's own label: a row's whole text runs "Period 1000" into the amount after it.
        return [...document.querySelectorAll(`${sel} label, ${sel} span`)].some(
          (e) => e.textContent?.trim() === 'Period 1000',
        );
      },
      rowSelector,
      { timeout: 120_000, polling: 50 },
    );
    const scrollMs = Date.now() - start;
    const rowsAtEnd = await page.evaluate(
      (sel: string) => document.querySelectorAll(sel).length,
      rowSelector,
    );
    return { ms, heapMb: heap, rows, allRowsHeapMb: await heapMb(page), scrollMs, rowsAtEnd };
  } finally {
    await close();
  }
}
