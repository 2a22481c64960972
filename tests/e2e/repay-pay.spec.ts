/**
 * Installment repayment, /repay: the Pay Now flow (spec 4 "Pay flow", 7, 8 "Pay
 * dialog"; SECURITY 14 and 16), in Chromium against the reference server: the NOTICE dialog,
 * leaving for a PAY_URL, tap storms, an HTML 500, a dropped connection and a refusal. The plan,
 * selection, amount and account tests are in repay.spec.ts.
 * Demo orders: O180D (NOTICE), O170 (PAY_URL).
 */
import { expect, test } from './support/fixtures';
import {
  ACCOUNT,
  apiUrl,
  expectSessionCall,
  holdRequests,
  HTML_500,
  NOTICE_ORDER,
  openRepay,
  patchData,
  PAY_URL_ORDER,
  payNow,
  reminder,
  tapStorm,
  toast,
  tzs,
  VCODE,
  type TapStorm,
} from './support/payFlow';

test.describe('installment repayment /repay', () => {
  test('NOTICE: the Repayment reminder dialog shows the server notice and TradeNo', async ({
    page,
    kopa,
  }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    const vcode = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${VCODE}`);
    await payNow(page).click();
    const answer = (await (await vcode).json()) as {
      code: number;
      data: { repayType: string; notice: string; tradeNo: string };
    };
    expect(answer.data.repayType).toBe('NOTICE');
    const dialog = reminder(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-node-id="payNotice"]')).toHaveText(answer.data.notice);
    await expect(dialog.locator('[data-node-id="payTradeNo"]')).toHaveText(
      `TradeNo: ${answer.data.tradeNo}`,
    );
    expect(answer.data.notice).toContain(tzs(plan.repayPlanDetail.repayWaitDetail[0]!.totalAmount));
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(payNow(page)).toBeEnabled();
  });

  test('PAY_URL: Pay Now leaves for the payUrl (allowlisted host) with the installment amount', async ({
    page,
    kopa,
  }) => {
    const visited: string[] = [];
    await page.route('https://pay.kopa.example/**', (route) => {
      visited.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!DOCTYPE html><title>Kopa Pay</title><h1>Kopa Pay checkout</h1>',
      });
    });
    // The page leaves at once, so the answer is read on its way in (passed on unchanged).
    let answer: { data: Record<string, unknown> } = { data: {} };
    await patchData(page, VCODE, (data) => {
      answer = { data: { ...data } };
    });
    const plan = await openRepay(page, kopa, PAY_URL_ORDER);
    await payNow(page).click();
    await page.waitForURL(/^https:\/\/pay\.kopa\.example\//);
    expect(answer.data.repayType).toBe('PAY_URL');
    expect(page.url()).toBe(answer.data.payUrl);
    await expect(page.getByRole('heading', { name: 'Kopa Pay checkout' })).toBeVisible();
    expect(visited).toEqual([answer.data.payUrl]);
    expect(new URL(String(answer.data.payUrl)).searchParams.get('tradeNo')).toBe(
      answer.data.tradeNo,
    );

    const calls = kopa.apiTo(VCODE);
    expect(calls).toHaveLength(1);
    expectSessionCall(calls[0], PAY_URL_ORDER);
    expect(calls[0]?.body).toEqual({
      product_id: 'P002',
      orderId: 'O170',
      amount: plan.repayPlanDetail.repayWaitDetail[0]!.totalAmount,
      cardNo: ACCOUNT,
      bankCode: plan.bankList[0]!.type,
      isDelay: 0,
    });
  });

  test('PAY_URL to a host off the redirect allowlist is refused and the page stays', async ({
    page,
    kopa,
  }) => {
    const evil: string[] = [];
    await page.route('https://evil.example/**', (route) => {
      evil.push(route.request().url());
      return route.abort();
    });
    await patchData(page, VCODE, (data) => {
      data.repayType = 'PAY_URL';
      data.payUrl = 'https://evil.example/steal?x=1';
    });
    await openRepay(page, kopa, PAY_URL_ORDER);
    await payNow(page).click();
    await expect(toast(page)).toContainText('This link cannot be opened.');
    await expect(page).toHaveURL(/\/repay\?/);
    await expect(payNow(page)).toBeEnabled();
    expect(evil).toEqual([]);
  });

  for (const kind of ['double click', '10 fast taps', 'Enter plus click'] as TapStorm[]) {
    test(`Pay Now: ${kind} sends exactly one generate-vcode request, the button disabled while it is pending (SECURITY 14)`, async ({
      page,
      kopa,
    }) => {
      await openRepay(page, kopa, NOTICE_ORDER);
      const hold = await holdRequests(page, VCODE);
      const button = payNow(page);
      await tapStorm(page, button, kind);
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => hold.held()).toBe(1);
      hold.release();
      // The answer to the first request has gone round the server and been shown: a second request
      // sent by the storm would have reached the route (and been counted) long before that.
      await expect(reminder(page)).toBeVisible();
      await expect(button).toBeEnabled();
      expect(hold.held()).toBe(1);
      expect(kopa.apiTo(VCODE)).toHaveLength(1);
    });
  }

  test('a 500 with an HTML body shows a clear message and Pay Now works again (SECURITY 16)', async ({
    page,
    kopa,
  }) => {
    await openRepay(page, kopa, NOTICE_ORDER);
    const vcode = apiUrl(VCODE);
    await page.route(vcode, (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: HTML_500 }),
    );
    await payNow(page).click();
    await expect(toast(page)).toHaveText(
      'The server sent an unexpected response. Please try again.',
    );
    await expect(payNow(page)).toBeEnabled();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(reminder(page)).toHaveCount(0);

    await page.unroute(vcode);
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)).toHaveLength(2);
  });

  test('a dropped connection shows a clear message and Pay Now works again (SECURITY 16)', async ({
    page,
    kopa,
  }) => {
    await openRepay(page, kopa, NOTICE_ORDER);
    const vcode = apiUrl(VCODE);
    await page.route(vcode, (route) => route.abort('connectionreset'));
    await payNow(page).click();
    await expect(toast(page)).toHaveText('Network error. Check your connection and try again.');
    await expect(payNow(page)).toBeEnabled();
    await expect(reminder(page)).toHaveCount(0);

    await page.unroute(vcode);
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)).toHaveLength(2);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('a refusal from the server is toasted with its message', async ({ page, kopa }) => {
    await openRepay(page, kopa, NOTICE_ORDER);
    await page.route(apiUrl(VCODE), (route) =>
      route.fulfill({
        status: 200,
        json: { code: 800001, message: 'This order has nothing to repay.', data: null },
      }),
    );
    await payNow(page).click();
    await expect(toast(page)).toHaveText('This order has nothing to repay.');
    await expect(payNow(page)).toBeEnabled();
    await expect(reminder(page)).toHaveCount(0);
  });
});
