/**
 * Helpers shared by the loan confirmation screens' tests (/confirm and /confirmLegacy): open the
 * screen and read what the server sent, call the native host's back entry, check the Loan Now
 * request and where it leads.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, type ApiRequest, type Kopa } from './fixtures';

export const CONFIRM = '/v3/loan-confirm/loan-detail-confirm';
export const CONTRACTS = '/v3/contract/contract';
export const JUMP = '/v3/contract/contract-jump';
export const PUSH = '/v3/loan-confirm/loan-detail-push-yd';

/** The older obfuscated family /confirmLegacy uses (config/app.json legacyPrefix, form client, success '00'). */
export const LEGACY = {
  CONFIRM: '/api/lx/v1/loan/confirm-detail',
  CONTRACTS: '/api/lx/v1/contract/list',
  JUMP: '/api/lx/v1/contract/jump',
  PUSH: '/api/lx/v1/loan/push',
  CLICK: '/api/lx/v1/product/click',
  LINK: '/api/lx/v1/product/link',
} as const;

export interface ConfirmData {
  productName: string;
  amount: number;
  periods: number;
  termUnit: number;
  pRateDsc: string;
  currencySymbol: string;
  currencyFlag: number;
  firstPayTime: string;
  bankCardInfo: { bankName: string; cardNo: string };
  details: { text: string; value: string }[];
  repay_plans: { title: string; description: string; amount: number; pay_time: string }[];
  popTitle: string;
  popContent: string;
  popAgreementUrl: string;
  buttonText: string;
  promoText: string;
}

/** Opens a confirmation screen and returns the offer the page received (after any page.route patch). */
export async function openConfirm(
  page: Page,
  kopa: Kopa,
  path: string,
  productId: string,
  extra: Record<string, string> = {},
): Promise<ConfirmData> {
  const endpoint = path === '/confirmLegacy' ? LEGACY.CONFIRM : CONFIRM;
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${endpoint}`);
  await kopa.open(path, { productId, ...extra });
  const body = (await (await response).json()) as { data: ConfirmData };
  return body.data;
}

/** What the native app does when its back button is pressed: window.KopaHost.back(). */
export function hostBack(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    (window as unknown as { KopaHost: { back(): boolean } }).KopaHost.back(),
  );
}

export const agreementModal = (page: Page) => page.getByRole('dialog', { name: 'Loan Agreement' });
export const retention = (page: Page) => page.getByRole('dialog', { name: 'Point out' });

/** The session query, the JSON client headers and the body of one Loan Now request. */
export function expectPushRequest(
  request: ApiRequest | undefined,
  body: Record<string, unknown>,
  client: 'json' | 'form' = 'json',
) {
  expect(request?.method).toBe('POST');
  expect(request?.query).toMatchObject({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    mobilePhone: DEMO.mobilePhone,
  });
  expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
  expect(request?.headers['content-type']).toContain(
    client === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
  );
  expect(request?.body).toEqual(body);
}

/** After Loan Now: /loanDetail with the order of lendDetailsUrl, the session query and from=confirm. */
export async function expectLoanDetail(page: Page, productId: string, orderId: string) {
  await expect(page).toHaveURL(/\/loanDetail\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('orderId')).toBe(orderId);
  expect(url.searchParams.get('productId')).toBe(productId);
  expect(url.searchParams.get('from')).toBe('confirm');
  expect(url.searchParams.get('userId')).toBe(DEMO.userId);
  expect(url.searchParams.get('sessionId')).toBe(DEMO.sessionId);
  expect(url.searchParams.get('mobilePhone')).toBe(DEMO.mobilePhone);
  await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
}

/**
 * Lets the server answer loan-detail-confirm, then changes the offer before the page sees it.
 * A request the page gave up on (it left, or React started the page twice) is let through untouched.
 */
export async function patchOffer(
  page: Page,
  mutate: (data: Record<string, unknown>) => void,
  endpoint: string = CONFIRM,
): Promise<void> {
  await page.route(
    (url) => url.pathname === `/vexed${endpoint}`,
    async (route) => {
      let response;
      try {
        response = await route.fetch();
      } catch {
        return route.abort().catch(() => undefined);
      }
      const text = await response.text().catch(() => null);
      const body = text === null ? null : (JSON.parse(text) as { data?: unknown });
      if (body === null || body.data === null || typeof body.data !== 'object') {
        console.log('patchOffer: unpatched answer', response.status(), text?.slice(0, 200));
        return route.fulfill({ response, body: text ?? '' }).catch(() => undefined);
      }
      mutate(body.data as Record<string, unknown>);
      await route.fulfill({ response, json: body }).catch(() => undefined);
    },
  );
}
