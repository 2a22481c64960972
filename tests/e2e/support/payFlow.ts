/**
 * Helpers shared by the repayment screens' tests (/repay, /repayDelay): hold, patch or break
 * the API answers the page waits for, tap Pay Now in the ways a real thumb does, find the
 * page's parts and check the requests it sends.
 */
import type { Locator, Page, Route } from '@playwright/test';
import { DEMO, expect, type ApiRequest } from './fixtures';

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
export async function patchData(
  page: Page,
  pathEnd: string,
  mutate: (data: Record<string, unknown>) => void,
): Promise<void> {
  await page.route(apiUrl(pathEnd), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Envelope;
    mutate(body.data);
    await route.fulfill({ response, json: body });
  });
}

/**
 * Holds every matching request until release() is called (then the real server answers), so a
 * test can look at the page while the call is pending. release() lets through the requests held
 * so far; one that reaches the route after it waits for the next release(), so wait for held()
 * before releasing (a disabled button says the tap landed, not that its request has left).
 */
export async function holdRequests(
  page: Page,
  pathEnd: string,
): Promise<{ release: () => void; held: () => number }> {
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

export const HTML_500 =
  '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';

/** Contract 3, written out independently of the app: 1234567 cents -> '12.345,67'. */
export function tzs(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}

/** Every API call carries the common session parameters in its query and the JSON client headers. */
export function expectSessionCall(
  request: ApiRequest | undefined,
  order: Record<string, string>,
  headers: Record<string, string> = { building: '', gather: '' },
) {
  expect(request).toBeDefined();
  expect(request?.method).toBe('POST');
  expect(request?.query).toMatchObject({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    mobilePhone: DEMO.mobilePhone,
    orderId: order.orderId,
    productId: order.productId,
  });
  expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
  expect(request?.headers['content-type']).toContain('application/json');
  for (const [name, value] of Object.entries(headers))
    expect(request?.headers[name] ?? '', name).toBe(value);
}

export const byId = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);
export const payNow = (page: Page) => page.getByRole('button', { name: 'Pay Now' });
export const reminder = (page: Page) => page.getByRole('dialog', { name: 'Repayment reminder' });
export const toast = (page: Page) => page.getByRole('status').filter({ hasText: /./ });

/* /repay (installments). Demo orders: O180D (one paid and two pending installments, NOTICE), O170 (PAY_URL). */

export const NOTICE_ORDER = { orderId: 'O180D', productId: 'P002' };
export const PAY_URL_ORDER = { orderId: 'O170', productId: 'P002' };

interface Installment {
  periodNo: number;
  totalAmount: number;
}
export interface Plan {
  amountMax: number;
  amountMin: number;
  telephone: string;
  bankList: { name: string; type: string }[];
  repayPlanDetail: { repayWaitDetail: Installment[]; repayYetDetail: Installment[] };
}

/** Opens /repay and returns the plan the server sent (the demo data other tests may have paid into). */
/** The wallet account number openRepay types: Pay Now sends nothing without one. */
export const ACCOUNT = '0712345678';

/**
 * Chooses "Another number" where the page offers the bound wallet (the demo borrower has one), so
 * the wallet and account number fields show.
 */
export async function payFromAnotherNumber(page: Page): Promise<void> {
  const other = page.getByRole('tab', { name: 'Another number' });
  const field = page.getByLabel('Account number');
  // count() does not wait: first the screen's choice or its field, then the choice if offered.
  await expect(other.or(field).first()).toBeVisible();
  if ((await other.count()) > 0) await other.click();
  await expect(field).toBeVisible();
}

/**
 * Opens /repay and types the wallet account number (ACCOUNT) after choosing "Another number", as
 * a borrower paying from a number of their choice does before Pay Now; `account: ''` leaves the
 * choice (the bound wallet) alone.
 */
export async function openRepay(
  page: Page,
  kopa: { open(path: string, q?: Record<string, string>): Promise<void> },
  query: Record<string, string>,
  account = ACCOUNT,
): Promise<Plan> {
  const planResponse = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${PLAN}`);
  await kopa.open('/repay', query);
  const body = (await (await planResponse).json()) as { data: Plan };
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  if (account !== '') {
    await payFromAnotherNumber(page);
    await page.getByLabel('Account number').fill(account);
  }
  return body.data;
}
