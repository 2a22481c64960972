/**
 * Loan confirmation v3, /confirm (spec 2 "Loan confirmation v3", 3 "Loan confirm response",
 * 4 "Confirm flow", 5 "Loan Now", 7 loan-detail-confirm, contract, contract-jump,
 * loan-detail-push-yd; SECURITY 11, 12, 14), in Chromium against the reference server.
 * P001 (14 days) has an agreement to show in the modal; P002 (3 months) has none; P004 is
 * disabled, so taking it fails on the server.
 */
import { DEMO, expect, test } from './support/fixtures';
import {
  byId,
  holdRequests,
  patchData,
  tapStorm,
  toast,
  tzs,
  type TapStorm,
} from './support/payFlow';
import {
  agreementModal,
  CONFIRM,
  CONTRACTS,
  expectLoanDetail,
  expectPushRequest,
  hostBack,
  JUMP,
  openConfirm,
  patchOffer,
  PUSH,
  retention,
} from './support/confirmFlow';
import { marketDay } from './support/marketDay';

const loanNow = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: 'Loan Now' });
const agreementBox = (page: import('@playwright/test').Page) =>
  page.getByRole('checkbox', { name: 'I have read and agree to' });

test.describe('loan confirmation v3', () => {
  test('P001: agreement modal first (sandboxed frame, Agree dismisses), then amount, 14 days, rate, details, card, plan, agreements', async ({
    page,
    kopa,
  }) => {
    const offer = await openConfirm(page, kopa, '/confirm', 'P001');
    await expect(page).toHaveTitle('Loan Confirmation');

    // The agreement modal: popAgreementUrl is non-empty for P001.
    const modal = agreementModal(page);
    await expect(modal).toBeVisible();
    expect(offer.popAgreementUrl).toBe('/loanAgreement?productId=P001&scene=3');
    const frame = modal.locator('iframe');
    await expect(frame).toHaveAttribute('src', offer.popAgreementUrl);
    await expect(frame).toHaveAttribute('title', 'Loan agreement');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    await expect(
      page
        .frameLocator('iframe')
        .getByRole('heading', { name: 'General Terms and Conditions' })
        .first(),
    ).toBeVisible();
    await modal.getByRole('button', { name: 'Agree' }).click();
    await expect(modal).toHaveCount(0);
    expect(await kopa.bridgeCalls()).toEqual([]);

    await expect(byId(page, 'loanAmount')).toHaveText(`TZS ${tzs(offer.amount)}`);
    expect(offer.amount).toBe(50_000_000);
    await expect(byId(page, 'loanDays')).toHaveText('14 days');
    await expect(byId(page, 'rateDesc')).toHaveText('Daily interest 0.1%');
    const details = byId(page, 'details');
    await expect(details.locator('dt')).toHaveText([
      'Loan amount',
      'Interest and service fee',
      'Amount received',
      'Total to repay',
    ]);
    await expect(details.locator('dd')).toHaveText(offer.details.map((line) => line.value));
    await expect(details.locator('dd').first()).toHaveText(`TZS ${tzs(offer.amount)}`);
    await expect(byId(page, 'bankCardText')).toHaveText(
      `${offer.bankCardInfo.bankName} ${offer.bankCardInfo.cardNo}`,
    );
    await expect(page.getByRole('heading', { name: 'Plan' })).toBeVisible();
    const plan = byId(page, 'planItems');
    expect(offer.repay_plans).toHaveLength(1);
    for (const item of offer.repay_plans) {
      await expect(plan.getByText(item.title)).toBeVisible();
      await expect(plan.getByText(item.description)).toBeVisible();
      await expect(plan.getByText(`TZS ${tzs(item.amount)}`)).toBeVisible();
      await expect(
        plan.getByText(`Due ${marketDay(item.pay_time)}`, { exact: true }),
      ).toBeVisible();
    }
    await expect(agreementBox(page)).toBeChecked();
    for (const title of ['Loan Agreement', 'Privacy Policy', 'Repayment Authorization']) {
      await expect(byId(page, 'agreementLinks').getByRole('button', { name: title })).toBeVisible();
    }
    await expect(loanNow(page)).toBeEnabled();

    const [detail] = kopa.apiTo(CONFIRM);
    expect(detail?.method).toBe('POST');
    expect(detail?.body).toEqual({ productId: 'P001' });
    expect(detail?.query).toMatchObject({
      userId: DEMO.userId,
      sessionId: DEMO.sessionId,
      productId: 'P001',
    });
    expect(detail?.headers['x-requested-with']).toBe('XMLHttpRequest');
    const [contracts] = kopa.apiTo(CONTRACTS);
    expect(contracts?.method).toBe('GET');
    expect(contracts?.query).toMatchObject({
      productId: 'P001',
      scene: '3',
      userId: DEMO.userId,
      sessionId: DEMO.sessionId,
    });
    expect(kopa.apiTo(PUSH)).toHaveLength(0);
    await kopa.screenshot('confirm');
    expect(await kopa.cspViolations()).toEqual([]);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('agreement modal Cancel closes the web view through the bridge', async ({ page, kopa }) => {
    await openConfirm(page, kopa, '/confirm', 'P001');
    await agreementModal(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'closeWebView', payload: {} }]);
  });

  test('P002: no agreement modal, months shown as days, three plan items', async ({
    page,
    kopa,
  }) => {
    const offer = await openConfirm(page, kopa, '/confirm', 'P002');
    await expect(byId(page, 'loanAmount')).toHaveText(`TZS ${tzs(offer.amount)}`);
    await expect(byId(page, 'loanDays')).toHaveText('90 days');
    await expect(byId(page, 'rateDesc')).toHaveText('Monthly interest 3%');
    await expect(agreementModal(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(byId(page, 'planItems').getByText(/^Period \d$/)).toHaveCount(3);
  });

  test('tapping an agreement link calls contract-jump with its position and opens contract_url', async ({
    page,
    kopa,
  }) => {
    await openConfirm(page, kopa, '/confirm', 'P002');
    await byId(page, 'agreementLinks').getByRole('button', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/loanAgreement\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      productId: 'P002',
      scene: '3',
      position: '2',
    });
    const [jump] = kopa.apiTo(JUMP);
    expect(jump?.method).toBe('GET');
    expect(jump?.query).toMatchObject({
      productId: 'P002',
      scene: '3',
      position: '2',
      userId: DEMO.userId,
      sessionId: DEMO.sessionId,
    });
    await expect(
      page.getByRole('heading', { name: 'General Terms and Conditions' }).first(),
    ).toBeVisible();
    expect(kopa.apiTo(CONFIRM)).toHaveLength(1);
    // The box was not toggled by the link.
    await page.goBack();
    await expect(agreementBox(page)).toBeChecked();
  });

  for (const contractUrl of [
    'javascript:alert(1)',
    'https://evil.tld/x',
    '//evil.tld/x',
    'https://kopa.example@evil.tld/',
  ]) {
    test(`a contract_url ${contractUrl} is refused: page unchanged, reported (SECURITY 11, 12)`, async ({
      page,
      kopa,
    }) => {
      await patchData(page, JUMP, (data) => (data.contract_url = contractUrl));
      await openConfirm(page, kopa, '/confirm', 'P002');
      await byId(page, 'agreementLinks').getByRole('button', { name: 'Loan Agreement' }).click();
      await expect(toast(page)).toHaveText('This link cannot be opened.');
      expect(new URL(page.url()).pathname).toBe('/confirm');
      expect((await kopa.reports()).some((r) => r.kind === 'redirect')).toBe(true);
    });
  }

  test('Loan Now is active only while the agreement box is ticked; unticked it sends nothing', async ({
    page,
    kopa,
  }) => {
    await openConfirm(page, kopa, '/confirm', 'P002');
    await expect(agreementBox(page)).toBeChecked();
    await agreementBox(page).uncheck();
    await expect(loanNow(page)).toBeDisabled();
    await loanNow(page).click({ force: true });
    await loanNow(page).evaluate((el: HTMLElement) => el.click());
    expect(kopa.apiTo(PUSH)).toHaveLength(0);
    await agreementBox(page).check();
    await expect(loanNow(page)).toBeEnabled();
  });

  test('Loan Now: one push request, tracking event, history replaced by the loan details with from=confirm', async ({
    page,
    kopa,
  }) => {
    await page.goto('/aboutUs');
    const offer = await openConfirm(page, kopa, '/confirm', 'P002');
    const held = await holdRequests(page, PUSH);
    const pushed = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${PUSH}`);
    await loanNow(page).click();
    await expect(loanNow(page)).toBeDisabled();
    // Released only once held: a request that reached the route after release() would wait for the next one.
    await expect.poll(() => held.held()).toBe(1);
    held.release();
    const body = (await (await pushed).json()) as {
      data: { orderId: string; lendDetailsUrl: string };
    };
    expect(body.data.lendDetailsUrl).toBe(
      `/loanDetail?orderId=${body.data.orderId}&productId=P002`,
    );
    await expectLoanDetail(page, 'P002', body.data.orderId);

    expect(kopa.apiTo(PUSH)).toHaveLength(1);
    expectPushRequest(kopa.apiTo(PUSH)[0], {
      amount: offer.amount,
      periods: 3,
      termUnit: 2,
      productId: 'P002',
    });
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
    // Leaving does not start the confirmation screen again under the new URL.
    expect(kopa.apiTo(CONFIRM)).toHaveLength(1);
    // Replaced: back leaves the confirmation screen behind.
    await page.goBack();
    await expect(page).toHaveURL(/\/aboutUs/);
  });

  for (const kind of ['double click', '10 fast taps', 'Enter plus click'] as TapStorm[]) {
    test(`Loan Now, ${kind}: exactly one request (SECURITY 14)`, async ({ page, kopa }) => {
      await openConfirm(page, kopa, '/confirm', 'P001');
      await agreementModal(page).getByRole('button', { name: 'Agree' }).click();
      const held = await holdRequests(page, PUSH);
      await tapStorm(page, loanNow(page), kind);
      await expect.poll(() => held.held()).toBe(1);
      await expect(loanNow(page)).toBeDisabled();
      held.release();
      await expect(page).toHaveURL(/\/loanDetail\?/);
      expect(kopa.apiTo(PUSH)).toHaveLength(1);
      expect((await kopa.bridgeCalls()).filter((c) => c.method === 'track')).toHaveLength(1);
    });
  }

  test('a refused push (disabled product) toasts the server message, no tracking, the button works again', async ({
    page,
    kopa,
  }) => {
    await openConfirm(page, kopa, '/confirm', 'P004');
    await loanNow(page).click();
    await expect(toast(page)).toHaveText('This product is not available.');
    await expect(loanNow(page)).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe('/confirm');
    expect(await kopa.bridgeCalls()).toEqual([]);
  });

  test('a lendDetailsUrl to another host is not followed', async ({ page, kopa }) => {
    await patchData(page, PUSH, (data) => (data.lendDetailsUrl = '//evil.tld/loanDetail'));
    await openConfirm(page, kopa, '/confirm', 'P002');
    await loanNow(page).click();
    await expect(toast(page)).toHaveText('This page is not available.');
    expect(new URL(page.url()).pathname).toBe('/confirm');
  });

  test('the bank card opens the bind-bank page with source=confirmUrl and the session', async ({
    page,
    kopa,
  }) => {
    await openConfirm(page, kopa, '/confirm', 'P002');
    await byId(page, 'bankCardText').click();
    await expect(page).toHaveURL(/\/bindBank\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('confirmUrl');
    expect(url.searchParams.get('productId')).toBe('P002');
    expect(url.searchParams.get('sessionId')).toBe(DEMO.sessionId);
  });

  test("host back with isPopType 1: the 'Point out' popup; Agree dismisses, Cancel closes the web view", async ({
    page,
    kopa,
  }) => {
    const offer = await openConfirm(page, kopa, '/confirm', 'P002');
    await expect(loanNow(page)).toBeVisible();
    expect(await hostBack(page)).toBe(true);
    const popup = retention(page);
    await expect(popup).toBeVisible();
    await expect(popup.getByText(offer.popContent)).toBeVisible();
    await popup.getByRole('button', { name: 'Agree' }).click();
    await expect(popup).toHaveCount(0);
    expect(await kopa.bridgeCalls()).toEqual([]);

    expect(await hostBack(page)).toBe(true);
    await retention(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'closeWebView', payload: {} }]);
  });

  test('host back with isPopType 0: no popup, the web view closes', async ({ page, kopa }) => {
    await patchOffer(page, (data) => (data.isPopType = 0));
    await openConfirm(page, kopa, '/confirm', 'P002');
    await expect(loanNow(page)).toBeVisible();
    expect(await hostBack(page)).toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'closeWebView', payload: {} }]);
  });

  for (const url of [
    'https://evil.tld/agreement',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\\evil.tld/x',
  ]) {
    test(`a popAgreementUrl ${url} renders no frame and is reported (SECURITY 11, 12)`, async ({
      page,
      kopa,
    }) => {
      await patchOffer(page, (data) => (data.popAgreementUrl = url));
      await openConfirm(page, kopa, '/confirm', 'P002');
      await expect(agreementModal(page)).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect
        .poll(async () => (await kopa.reports()).filter((r) => r.kind === 'web-frame').length)
        .toBe(1);
      await agreementModal(page).getByRole('button', { name: 'Agree' }).click();
      await expect(loanNow(page)).toBeEnabled();
    });
  }

  test('no payout account (empty card, amounts as text): Loan Now asks for one and offers the bind-bank page, nothing is pushed', async ({
    page,
    kopa,
  }) => {
    await patchOffer(page, (data) => {
      data.bankCardInfo = { bankName: '', cardNo: '' };
      data.amount = String(data.amount);
      data.isPopType = '0';
    });
    await openConfirm(page, kopa, '/confirm', 'P002');
    await expect(byId(page, 'bankCard')).toContainText('Add a payout account to receive your loan');
    await loanNow(page).click();
    const ask = page.getByRole('dialog', { name: 'Add a payout account' });
    await expect(
      ask.getByText(
        'Your loan needs an account to be paid into. Add your wallet or bank account, then tap Loan Now again.',
      ),
    ).toBeVisible();
    await ask.getByRole('button', { name: 'Not now' }).click();
    await expect(ask).toHaveCount(0);
    await loanNow(page).click();
    await page
      .getByRole('dialog', { name: 'Add a payout account' })
      .getByRole('button', { name: 'Add account' })
      .click();
    await expect(page).toHaveURL(/\/bindBank\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('confirmUrl');
    expect(url.searchParams.get('productId')).toBe('P002');
    expect(kopa.apiTo(PUSH)).toHaveLength(0);
    await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'bankStepStart', payload: {} }]);
  });

  test('no payout account (bankCardInfo absent): the same question, no push', async ({
    page,
    kopa,
  }) => {
    await patchOffer(page, (data) => delete data.bankCardInfo);
    await openConfirm(page, kopa, '/confirm', 'P002');
    await loanNow(page).click();
    await expect(page.getByRole('dialog', { name: 'Add a payout account' })).toBeVisible();
    expect(kopa.apiTo(PUSH)).toHaveLength(0);
  });

  test('plan rows: each period once with its own due date, also when the description repeats it', async ({
    page,
    kopa,
  }) => {
    await patchOffer(page, (data) => {
      for (const plan of data.repay_plans as Record<string, unknown>[]) {
        plan.amount = String(plan.amount);
        plan.description = `Due ${marketDay(String(plan.pay_time))}`;
      }
    });
    const offer = await openConfirm(page, kopa, '/confirm', 'P002');
    const dates = offer.repay_plans.map((p) => marketDay(p.pay_time));
    expect(new Set(dates).size).toBe(3);
    const rows = byId(page, 'planItems').locator(':scope > *');
    await expect(rows).toHaveCount(3);
    for (const [i, date] of dates.entries()) {
      const text = await rows.nth(i).innerText();
      expect(text).toContain(`Period ${i + 1}`);
      expect(text.split(date).length - 1, `row ${i + 1}: ${text}`).toBe(1);
      for (const other of dates.filter((d) => d !== date)) expect(text).not.toContain(other);
    }
  });

  for (const width of [390, 320]) {
    test(`the agreement dialog's title and the agreement's own heading wrap, never cut (${width} px)`, async ({
      page,
      kopa,
    }) => {
      await page.setViewportSize({ width, height: 640 });
      await openConfirm(page, kopa, '/confirm', 'P001');
      const modal = agreementModal(page);
      await expect(modal).toBeVisible();
      const heading = page
        .frameLocator('iframe')
        .getByRole('heading', { name: 'General Terms and Conditions' })
        .first();
      await expect(heading).toBeVisible();
      const cut = (el: HTMLElement) =>
        el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis';
      expect(await heading.evaluate(cut)).toBe(false);
      expect(await modal.getByRole('heading', { name: 'Loan Agreement' }).evaluate(cut)).toBe(
        false,
      );
    });
  }
});
