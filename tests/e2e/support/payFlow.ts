/**
 * Helpers shared by the repayment screens' tests (/repay, /repayDelay): hold, patch or break
 * the API answers the page waits for, and tap Pay Now in the ways a real thumb does.
 */
import type { Locator, Page, Route } from '@playwright/test';

export const PLAN = '/v3/installment/loan-play-detail-yd';
export const DELAY = '/v3/loan-details/delay-detail-yd';
export const VCODE = '/v3/loan-details/generate-vcode-yd';

/** Matches the API request whose path ends with pathEnd (any query string). */
export function apiUrl(pathEnd: string): (url: URL) => boolean {
  return (url) => url.pathname === `/vexed${pathEnd}`;
}

interface Envelope {
  code: unknown;
  message?: unknown;
  data: Record<string, unknown>;
}

/** Lets the real server answer, then changes the envelope's data before the page sees it. */
export async function patchData(page: Page, pathEnd: string, mutate: (data: Record<string, unknown>) => void): Promise<void> {
  await page.route(apiUrl(pathEnd), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Envelope;
    mutate(body.data);
    await route.fulfill({ response, json: body });
  });
}

/**
 * Holds every matching request until release() is called (then the real server answers), so a
 * test can look at the page while the call is pending.
 */
export async function holdRequests(page: Page, pathEnd: string): Promise<{ release: () => void; held: () => number }> {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  await page.route(apiUrl(pathEnd), async (route: Route) => {
    count++;
    await gate;
    await route.continue();
  });
  return {
    release: () => {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    held: () => count,
  };
}

export type TapStorm = 'double click' | '10 fast taps' | 'Enter plus click';

/** Taps the button the way impatient people do; every variant lands within one event loop or two. */
export async function tapStorm(page: Page, button: Locator, kind: TapStorm): Promise<void> {
  if (kind === 'double click') {
    await button.dblclick();
  } else if (kind === '10 fast taps') {
    // Ten clicks in one task, before React can re-render the button as disabled.
    await button.evaluate((el: HTMLElement) => {
      for (let i = 0; i < 10; i++) el.click();
    });
  } else {
    await button.focus();
    await page.keyboard.press('Enter');
    // force: the button is (rightly) disabled by now; the click must still be attempted.
    await button.click({ force: true });
  }
}

export const HTML_500 = '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';
