/**
 * Loan confirmation, older variant, /confirmLegacy (spec 2 "Loan confirmation, older variant",
 * 3 "Loan confirm response", 4 "Confirm flow", 7 the older obfuscated endpoints; SECURITY 11, 12,
 * 14). The page reads the older family under the configured prefix (config/app.json legacyPrefix,
 * form client with swift/eyes, success '00'): confirm detail, agreement list and jump, push loan,
 * product click record and product link lookup. It never calls the v3 endpoints.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';
import { byId, holdRequests, tapStorm, toast, tzs } from './support/payFlow';
import {
  agreementModal,
  CONFIRM,
  CONTRACTS,
  expectLoanDetail,
  expectPushRequest,
  hostBack,
  JUMP,
  LEGACY,
  openConfirm,
  patchOffer,
  PUSH,
  retention,
} from './support/confirmFlow';
import { marketDay } from './support/marketDay';

/** The symbol a flag shows (src/format/currency.ts: 1 rupee, 2 this market's TZS, else peso; text counts as the number). */
const currencySymbol = (flag: unknown) => (Number(flag) === 1 ? '₹' : '₱');

const promo = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('loan confirmation, older variant', () => {
  test('P001: agreement modal, then the promo popup; peso amount, logo, name, first repayment date, lists, links', async ({
    page,
    kopa,
  }) => {
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P001');
    const modal = agreementModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.locator('iframe')).toHaveAttribute(
      'src',
      '/loanAgreement?productId=P001&scene=3',
    );
    await modal.getByRole('button', { name: 'Agree' }).click();
    // Agree leads to the server's promo text.
    const popup = promo(page, 'Kopa Cash');
    await expect(popup).toBeVisible();
    await expect(popup.getByText(offer.promoText)).toBeVisible();
    expect(offer.promoText).toBe('Get up to TZS 500.000,00 today.');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const symbol = currencySymbol(offer.currencyFlag);
    await expect(byId(page, 'loanAmount')).toHaveText(`${symbol} ${tzs(offer.amount)}`);
    await expect(page.getByRole('img', { name: 'Kopa Cash logo' })).toHaveAttribute(
      'src',
      '/assets/demo/logo-kopa-cash.svg',
    );
    await expect(byId(page, 'productName')).toHaveText('Kopa Cash');
    await expect(byId(page, 'firstPayTime')).toHaveText(marketDay(offer.firstPayTime));
    await expect(byId(page, 'details').locator('dd')).toHaveText(offer.details.map((d) => d.value));
    await expect(
      byId(page, 'planItems').getByText(`${symbol} ${tzs(offer.repay_plans[0]?.amount ?? 0)}`),
    ).toBeVisible();
    for (const title of ['Loan Agreement', 'Privacy Policy', 'Repayment Authorization']) {
      await expect(byId(page, 'agreementLinks').getByRole('button', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('checkbox', { name: 'I have read and agree to' })).toBeChecked();
    await expect(page.getByRole('button', { name: offer.buttonText })).toBeEnabled();

    const [detail] = kopa.apiTo(LEGACY.CONFIRM);
    expect(detail?.method).toBe('POST');
    expect(detail?.path).toBe(`/vexed${LEGACY.CONFIRM}`);
    expect(detail?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(detail?.body).toEqual({ productId: 'P001' });
    expect(detail?.query).toMatchObject({ userId: DEMO.userId, sessionId: DEMO.sessionId });
    expect(kopa.apiTo(LEGACY.CONTRACTS)[0]?.body).toEqual({ productId: 'P001', scene: '3' });
    // None of the v3 calls.
    for (const v3 of [CONFIRM, CONTRACTS, JUMP, PUSH]) expect(kopa.apiTo(v3)).toHaveLength(0);
    await kopa.screenshot('confirm-legacy');
    expect(await kopa.cspViolations()).toEqual([]);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('flag 1 shows the rupee symbol; the button text comes from the server', async ({
    page,
    kopa,
  }) => {
    await patchOffer(
      page,
      (data) => {
        data.currencyFlag = '1';
        data.buttonText = 'Borrow now';
        data.promoText = '';
      },
      LEGACY.CONFIRM,
    );
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await expect(byId(page, 'loanAmount')).toHaveText(`₹ ${tzs(offer.amount)}`);
    await expect(page.getByRole('button', { name: 'Borrow now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Loan Now' })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('P002 without an agreement modal shows the promo popup at once', async ({ page, kopa }) => {
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await expect(agreementModal(page)).toHaveCount(0);
    await expect(promo(page, 'Haraka Loan').getByText(offer.promoText)).toBeVisible();
  });

  test('agreement link -> contract-jump with its position -> the agreement page', async ({
    page,
    kopa,
  }) => {
    await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await byId(page, 'agreementLinks')
      .getByRole('button', { name: 'Repayment Authorization' })
      .click();
    await expect(page).toHaveURL(/\/loanAgreement\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      productId: 'P002',
      scene: '3',
      position: '3',
    });
    expect(kopa.apiTo(LEGACY.JUMP)[0]?.body).toEqual({
      productId: 'P002',
      scene: '3',
      position: '3',
    });
    expect(kopa.apiTo(JUMP)).toHaveLength(0);
  });

  test('the button, tapped 10 times: one push, tracking, history replaced by the loan details', async ({
    page,
    kopa,
  }) => {
    await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    const held = await holdRequests(page, LEGACY.PUSH);
    const pushed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/vexed${LEGACY.PUSH}`,
    );
    await tapStorm(page, page.getByRole('button', { name: offer.buttonText }), '10 fast taps');
    await expect.poll(() => held.held()).toBe(1);
    held.release();
    const body = (await (await pushed).json()) as { data: { orderId: string } };
    await expectLoanDetail(page, 'P002', body.data.orderId);
    expect(kopa.apiTo(LEGACY.PUSH)).toHaveLength(1);
    expect(kopa.apiTo(PUSH)).toHaveLength(0);
    // The form client: numbers travel as text, with the swift/eyes headers.
    expectPushRequest(
      kopa.apiTo(LEGACY.PUSH)[0],
      { amount: String(offer.amount), periods: '3', termUnit: '2', productId: 'P002' },
      'form',
    );
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([
        {
          method: 'track',
          payload: {
            event: 'loanConfirm',
            params: { productId: 'P002', orderId: body.data.orderId, amount: offer.amount },
          },
        },
      ]);
  });

  test('unticked, the button is disabled and sends nothing', async ({ page, kopa }) => {
    await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await page.getByRole('checkbox', { name: 'I have read and agree to' }).uncheck();
    const button = page.getByRole('button', { name: offer.buttonText });
    await expect(button).toBeDisabled();
    await button.evaluate((el: HTMLElement) => el.click());
    expect(kopa.apiTo(LEGACY.PUSH)).toHaveLength(0);
  });

  test("the same modals: agreement Cancel and the 'Point out' popup on host back", async ({
    page,
    kopa,
  }) => {
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P001');
    await agreementModal(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'closeWebView', payload: {} }]);

    expect(await hostBack(page)).toBe(true);
    const popup = retention(page);
    await expect(popup.getByText(offer.popContent)).toBeVisible();
    await popup.getByRole('button', { name: 'Agree' }).click();
    await expect(popup).toHaveCount(0);
    expect(await hostBack(page)).toBe(true);
    await retention(page).getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([
        { method: 'closeWebView', payload: {} },
        { method: 'closeWebView', payload: {} },
      ]);
  });

  test('a popAgreementUrl on another host renders no frame (SECURITY 12)', async ({
    page,
    kopa,
  }) => {
    await patchOffer(
      page,
      (data) => (data.popAgreementUrl = 'https://ok.example.evil.tld/a'),
      LEGACY.CONFIRM,
    );
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await expect(agreementModal(page)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect
      .poll(async () => (await kopa.reports()).filter((r) => r.kind === 'web-frame').length)
      .toBe(1);
  });

  test('tapping the product records the click, looks up its link: an app link goes to the bridge', async ({
    page,
    kopa,
  }) => {
    await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    const looked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/vexed${LEGACY.LINK}`,
    );
    await byId(page, 'productName').click();
    await looked;
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([{ method: 'openLink', payload: { url: 'kopa://product/P002' } }]);
    expect(kopa.apiTo(LEGACY.CLICK).map((r) => [r.headers['content-type'], r.body])).toEqual([
      ['application/x-www-form-urlencoded', { productId: 'P002', position: '0' }],
    ]);
    expect(kopa.apiTo(LEGACY.LINK).map((r) => r.body)).toEqual([{ productId: 'P002' }]);
    await expect(page).toHaveURL(/\/confirmLegacy\?/);
  });

  test('a product link starting with http opens after the allowlist check: an allowlisted https host is left for', async ({
    page,
    kopa,
  }) => {
    await page.route('https://kopa.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Product</title><h1>Product page</h1>',
      }),
    );
    await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
    await openConfirm(page, kopa, '/confirmLegacy', 'P003');
    await byId(page, 'productName').click();
    await expect(page).toHaveURL('https://kopa.example/products/P003');
    expect(await kopa.bridgeCalls()).toEqual([]);
  });

  for (const [link, why] of [
    ['http://kopa.example/products/P003', 'plain http off-origin'],
    ['https://evil.tld/p', 'a host off the allowlist'],
  ]) {
    test(`a product link on ${why} is refused: the page stays and says so`, async ({
      page,
      kopa,
    }) => {
      await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
      await page.route(
        (url) => url.pathname === `/vexed${LEGACY.LINK}`,
        (route) => route.fulfill({ json: { code: '00', message: 'success', data: { link } } }),
      );
      await openConfirm(page, kopa, '/confirmLegacy', 'P002');
      await byId(page, 'productName').click();
      await expect(toast(page)).toHaveText('This link cannot be opened.');
      await expect(page).toHaveURL(/\/confirmLegacy\?/);
      expect(await kopa.bridgeCalls()).toEqual([]);
    });
  }

  test('a code other than "00" toasts the message and goes no further', async ({ page, kopa }) => {
    await patchOffer(page, (data) => delete data.promoText, LEGACY.CONFIRM);
    await page.route(
      (url) => url.pathname === `/vexed${LEGACY.CLICK}`,
      (route) =>
        route.fulfill({ json: { code: '01', message: 'This product is offline', data: null } }),
    );
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await byId(page, 'productName').click();
    await expect(toast(page)).toHaveText('This product is offline');
    expect(kopa.apiTo(LEGACY.LINK)).toHaveLength(0);
    expect(await kopa.bridgeCalls()).toEqual([]);
  });

  test('an offer shaped as the spec allows (numbers as text, optional fields absent) shows and is taken', async ({
    page,
    kopa,
  }) => {
    await patchOffer(
      page,
      (data) => {
        for (const k of ['amount', 'periods', 'termUnit', 'currencyFlag', 'isPopType'])
          data[k] = String(data[k]);
        for (const k of ['promoText', 'buttonText', 'popAgreementUrl', 'sendSms']) delete data[k];
        for (const plan of data.repay_plans as Record<string, unknown>[]) {
          plan.amount = String(plan.amount);
          // A backend that also writes the date into the description: the row still shows it once.
          plan.description = `Due ${marketDay(String(plan.pay_time))}`;
        }
      },
      LEGACY.CONFIRM,
    );
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await expect(byId(page, 'loanAmount')).toHaveText(
      `${currencySymbol(offer.currencyFlag)} ${tzs(Number(offer.amount))}`,
    );
    const rows = byId(page, 'planItems');
    for (const item of offer.repay_plans)
      await expect(rows.getByText(`Due ${marketDay(item.pay_time)}`, { exact: true })).toHaveCount(
        1,
      );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const pushed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/vexed${LEGACY.PUSH}`,
    );
    await page.getByRole('button', { name: 'Loan Now' }).click();
    const body = (await (await pushed).json()) as { code: string; data: { orderId: string } };
    expect(body.code).toBe('00');
    await expectLoanDetail(page, 'P002', body.data.orderId);
    expect(kopa.apiTo(LEGACY.PUSH)[0]?.body).toEqual({
      amount: String(offer.amount),
      periods: '3',
      termUnit: '2',
      productId: 'P002',
    });
  });

  test('no payout account: the button asks for one and offers the bind-bank page instead of taking the loan', async ({
    page,
    kopa,
  }) => {
    await patchOffer(
      page,
      (data) => {
        delete data.promoText;
        delete data.bankCardInfo;
      },
      LEGACY.CONFIRM,
    );
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await page.getByRole('button', { name: 'Loan Now' }).click();
    const ask = page.getByRole('dialog', { name: 'Add a payout account' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Add account' }).click();
    await expect(page).toHaveURL(/\/bindBank\?/);
    expect(new URL(page.url()).searchParams.get('source')).toBe('confirmLegacy');
    expect(kopa.apiTo(LEGACY.PUSH)).toHaveLength(0);
  });
});
