/**
 * Loan confirmation, older variant, /confirmLegacy (spec 2 "Loan confirmation, older variant",
 * 3 "Loan confirm response", 4 "Confirm flow"; SECURITY 11, 12, 14). The older obfuscated
 * endpoints of spec 7 are not in the endpoint catalogue, so this screen reads the same v3 calls
 * as /confirm (loan-detail-confirm, contract, contract-jump, loan-detail-push-yd).
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';
import { byId, holdRequests, tapStorm, tzs } from './support/payFlow';
import {
  agreementModal, CONFIRM, CONTRACTS, expectLoanDetail, expectPushRequest, hostBack, JUMP, openConfirm, patchOffer, PUSH, retention,
} from './support/confirmFlow';

const promo = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe('loan confirmation, older variant', () => {
  test('P001: agreement modal, then the promo popup; peso amount, logo, name, first repayment date, lists, links', async ({ page, kopa }) => {
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P001');
    const modal = agreementModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.locator('iframe')).toHaveAttribute('src', '/loanAgreement?productId=P001&scene=3');
    await modal.getByRole('button', { name: 'Agree' }).click();
    // Agree leads to the server's promo text.
    const popup = promo(page, 'Kopa Cash');
    await expect(popup).toBeVisible();
    await expect(popup.getByText(offer.promoText)).toBeVisible();
    expect(offer.promoText).toBe('Get up to TZS 500.000,00 today.');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    expect(offer.currencyFlag).toBe(0);
    await expect(byId(page, 'loanAmount')).toHaveText(`₱ ${tzs(offer.amount)}`);
    await expect(page.getByRole('img', { name: 'Kopa Cash logo' })).toHaveAttribute('src', '/assets/demo/logo-kopa-cash.svg');
    await expect(byId(page, 'productName')).toHaveText('Kopa Cash');
    await expect(byId(page, 'firstPayTime')).toHaveText(offer.firstPayTime.slice(0, 10));
    await expect(byId(page, 'details').locator('dd')).toHaveText(offer.details.map((d) => d.value));
    await expect(byId(page, 'planItems').getByText(`₱ ${tzs(offer.repay_plans[0]?.amount ?? 0)}`)).toBeVisible();
    for (const title of ['Loan Agreement', 'Privacy Policy', 'Repayment Authorization']) {
      await expect(byId(page, 'agreementLinks').getByRole('button', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('checkbox', { name: 'I have read and agree to' })).toBeChecked();
    await expect(page.getByRole('button', { name: offer.buttonText })).toBeEnabled();

    const [detail] = kopa.apiTo(CONFIRM);
    expect(detail?.method).toBe('POST');
    expect(detail?.body).toEqual({ productId: 'P001' });
    expect(detail?.query).toMatchObject({ userId: DEMO.userId, sessionId: DEMO.sessionId });
    expect(kopa.apiTo(CONTRACTS)[0]?.query).toMatchObject({ productId: 'P001', scene: '3' });
    await kopa.screenshot('confirm-legacy');
    expect(await kopa.cspViolations()).toEqual([]);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('flag 1 shows the rupee symbol; the button text comes from the server', async ({ page, kopa }) => {
    await patchOffer(page, (data) => {
      data.currencyFlag = 1;
      data.buttonText = 'Borrow now';
      data.promoText = '';
    });
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

  test('agreement link -> contract-jump with its position -> the agreement page', async ({ page, kopa }) => {
    await patchOffer(page, (data) => (data.promoText = ''));
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await byId(page, 'agreementLinks').getByRole('button', { name: 'Repayment Authorization' }).click();
    await expect(page).toHaveURL(/\/loanAgreement\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ productId: 'P002', scene: '3', position: '3' });
    expect(kopa.apiTo(JUMP)[0]?.query).toMatchObject({ productId: 'P002', scene: '3', position: '3' });
  });

  test('the button, tapped 10 times: one push, tracking, history replaced by the loan details', async ({ page, kopa }) => {
    await patchOffer(page, (data) => (data.promoText = ''));
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    const held = await holdRequests(page, PUSH);
    const pushed = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${PUSH}`);
    await tapStorm(page, page.getByRole('button', { name: offer.buttonText }), '10 fast taps');
    await expect.poll(() => held.held()).toBe(1);
    held.release();
    const body = (await (await pushed).json()) as { data: { orderId: string } };
    await expectLoanDetail(page, 'P002', body.data.orderId);
    expect(kopa.apiTo(PUSH)).toHaveLength(1);
    expectPushRequest(kopa.apiTo(PUSH)[0], { amount: offer.amount, periods: 3, termUnit: 2, productId: 'P002' });
    expect(await kopa.bridgeCalls()).toEqual([
      { method: 'track', payload: { event: 'loanConfirm', params: { productId: 'P002', orderId: body.data.orderId, amount: offer.amount } } },
    ]);
  });

  test('unticked, the button is disabled and sends nothing', async ({ page, kopa }) => {
    await patchOffer(page, (data) => (data.promoText = ''));
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await page.getByRole('checkbox', { name: 'I have read and agree to' }).uncheck();
    const button = page.getByRole('button', { name: offer.buttonText });
    await expect(button).toBeDisabled();
    await button.evaluate((el: HTMLElement) => el.click());
    expect(kopa.apiTo(PUSH)).toHaveLength(0);
  });

  test("the same modals: agreement Cancel and the 'Point out' popup on host back", async ({ page, kopa }) => {
    const offer = await openConfirm(page, kopa, '/confirmLegacy', 'P001');
    await agreementModal(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await kopa.bridgeCalls()).toEqual([{ method: 'closeWebView', payload: {} }]);

    expect(await hostBack(page)).toBe(true);
    const popup = retention(page);
    await expect(popup.getByText(offer.popContent)).toBeVisible();
    await popup.getByRole('button', { name: 'Agree' }).click();
    await expect(popup).toHaveCount(0);
    expect(await hostBack(page)).toBe(true);
    await retention(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await kopa.bridgeCalls()).toEqual([{ method: 'closeWebView', payload: {} }, { method: 'closeWebView', payload: {} }]);
  });

  test('a popAgreementUrl on another host renders no frame (SECURITY 12)', async ({ page, kopa }) => {
    await patchOffer(page, (data) => (data.popAgreementUrl = 'https://ok.example.evil.tld/a'));
    await openConfirm(page, kopa, '/confirmLegacy', 'P002');
    await expect(agreementModal(page)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect.poll(async () => (await kopa.reports()).filter((r) => r.kind === 'web-frame').length).toBe(1);
  });
});
