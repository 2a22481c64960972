/**
 * Deferral (rollover) repayment, /repayDelay (spec 2 "Deferral (rollover) repayment",
 * 3 "Deferral detail response", 4 "Pay flow", 5 "Account number", 7, 8 "Pay dialog";
 * SECURITY 14 and 16), in Chromium against the reference server. Demo order O174D can be
 * deferred and pays by NOTICE; the PAY_URL case rewrites the server's answer on its way in.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  ACCOUNT,
  apiUrl,
  byId,
  DELAY,
  expectSessionCall,
  holdRequests,
  HTML_500,
  patchData,
  payNow,
  reminder,
  tapStorm,
  toast,
  tzs,
  VCODE,
  type TapStorm,
} from './support/payFlow';

const ORDER = { orderId: 'O174D', productId: 'P001' };

interface Line {
  text: string;
  value: string;
}
interface DelayDetail {
  remind: string;
  detail: Line[];
  repayDetail: Line[];
  delayShouldPayAmount: number;
  telephone?: string;
  bankList: { name: string; type: string }[];
}

/** Opens /repayDelay and types the wallet account number when the field is there (Pay Now sends nothing without one). */
async function openDelay(
  page: Page,
  kopa: { open(path: string, q?: Record<string, string>): Promise<void> },
  query: Record<string, string> = ORDER,
): Promise<DelayDetail> {
  const detail = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${DELAY}`);
  await kopa.open('/repayDelay', query);
  const body = (await (await detail).json()) as { data: DelayDetail };
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  // A page that cannot take the fee shows no account field; the demo borrower's bound wallet is
  // offered first: these tests pay from a number they type.
  const other = page.getByRole('tab', { name: 'Another number' });
  const account = page.getByLabel('Account number');
  if ((await other.count()) > 0) {
    await other.click();
    await expect(account).toBeVisible();
  }
  if ((await account.count()) > 0) await account.fill(ACCOUNT);
  return body.data;
}

test.describe('rollover repayment /repayDelay', () => {
  test('shows the fee, fee lines, Repayment Plan, reminder and Rollover Amount in TZS; the request carries session query and headers', async ({
    page,
    kopa,
  }) => {
    const delay = await openDelay(page, kopa, { ...ORDER, building: 'b-9', gather: 'g-9' });
    expect(delay.delayShouldPayAmount).toBeGreaterThan(0);
    const fee = tzs(delay.delayShouldPayAmount);

    await expect(page).toHaveTitle('Repayment Details');
    await expect(page.getByRole('heading', { name: 'Repayment Details' })).toBeVisible();
    await expect(byId(page, 'feeValue')).toHaveText(fee);
    for (const line of delay.detail) {
      await expect(
        byId(page, 'feeDetail').getByRole('term').filter({ hasText: line.text }),
      ).toBeVisible();
      await expect(byId(page, 'feeDetail')).toContainText(`${line.text}${line.value}`);
    }
    await expect(page.getByRole('heading', { name: 'Repayment Plan' })).toBeVisible();
    expect(delay.repayDetail.length).toBeGreaterThan(0);
    for (const line of delay.repayDetail)
      await expect(byId(page, 'repayPlan')).toContainText(`${line.text}${line.value}`);
    await expect(byId(page, 'remind')).toHaveText(delay.remind);
    await expect(byId(page, 'rolloverAmount')).toHaveText(`Rollover AmountTZS ${fee}`);
    await expect(page.getByRole('button', { name: /Wallet/ })).toContainText(
      delay.bankList[0]!.name,
    );
    await expect(page.getByLabel('Account number')).toBeVisible();

    const calls = kopa.apiTo(DELAY);
    expect(calls).toHaveLength(1);
    expectSessionCall(calls[0], ORDER, { building: 'b-9', gather: 'g-9' });
    expect(calls[0]?.body).toEqual({ productId: 'P001', orderId: 'O174D' });
    expect(kopa.apiTo(VCODE)).toHaveLength(0);

    await kopa.screenshot('repay-delay');
    expect(kopa.pageErrors).toEqual([]);
    expect(await kopa.reports()).toEqual([]);
  });

  test('amounts follow contract 3: a fee of 1234567 cents shows 12.345,67', async ({
    page,
    kopa,
  }) => {
    await patchData(page, DELAY, (data) => {
      data.delayShouldPayAmount = 1234567;
    });
    await openDelay(page, kopa);
    await expect(byId(page, 'feeValue')).toHaveText('12.345,67');
    await expect(byId(page, 'rolloverAmount')).toHaveText('Rollover AmountTZS 12.345,67');
  });

  test('NOTICE: Pay Now sends the fee with isDelay 1 and the dialog shows the notice and TradeNo', async ({
    page,
    kopa,
  }) => {
    const delay = await openDelay(page, kopa);
    const account = page.getByLabel('Account number');
    await account.fill('');
    await account.pressSequentially('0755-123x456');
    await expect(account).toHaveValue('0755123456');
    await page.getByRole('button', { name: /Wallet/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose a wallet' });
    await sheet.getByRole('radio', { name: delay.bankList[2]!.name }).click();
    await sheet.getByRole('button', { name: 'Confirm' }).click();

    const vcode = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${VCODE}`);
    await payNow(page).click();
    const answer = (await (await vcode).json()) as {
      data: { repayType: string; notice: string; tradeNo: string };
    };
    expect(answer.data.repayType).toBe('NOTICE');
    const dialog = reminder(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-node-id="payNotice"]')).toHaveText(answer.data.notice);
    await expect(dialog.locator('[data-node-id="payTradeNo"]')).toHaveText(
      `TradeNo: ${answer.data.tradeNo}`,
    );
    expect(answer.data.notice).toContain(tzs(delay.delayShouldPayAmount));

    const calls = kopa.apiTo(VCODE);
    expect(calls).toHaveLength(1);
    expectSessionCall(calls[0], ORDER);
    expect(calls[0]?.body).toEqual({
      product_id: 'P001',
      orderId: 'O174D',
      amount: delay.delayShouldPayAmount,
      cardNo: '0755123456',
      bankCode: delay.bankList[2]!.type,
      isDelay: 1,
    });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('PAY_URL: Pay Now leaves for the payUrl through the redirect allowlist', async ({
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
    let tradeNo = '';
    await patchData(page, VCODE, (data) => {
      tradeNo = String(data.tradeNo);
      data.repayType = 'PAY_URL';
      data.payUrl = `https://pay.kopa.example/checkout?tradeNo=${tradeNo}`;
      data.notice = '';
    });
    const delay = await openDelay(page, kopa);
    await payNow(page).click();
    await page.waitForURL(/^https:\/\/pay\.kopa\.example\/checkout\?tradeNo=/);
    await expect(page.getByRole('heading', { name: 'Kopa Pay checkout' })).toBeVisible();
    expect(visited).toEqual([`https://pay.kopa.example/checkout?tradeNo=${tradeNo}`]);
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({
      amount: delay.delayShouldPayAmount,
      isDelay: 1,
    });
  });

  test('PAY_URL to a host off the redirect allowlist is refused and the page stays', async ({
    page,
    kopa,
  }) => {
    const evil: string[] = [];
    await page.route('https://pay.kopa.example.evil.example/**', (route) => {
      evil.push(route.request().url());
      return route.abort();
    });
    await patchData(page, VCODE, (data) => {
      data.repayType = 'PAY_URL';
      data.payUrl = 'https://pay.kopa.example.evil.example/checkout';
    });
    await openDelay(page, kopa);
    await payNow(page).click();
    await expect(toast(page)).toContainText('This link cannot be opened.');
    await expect(page).toHaveURL(/\/repayDelay\?/);
    await expect(payNow(page)).toBeEnabled();
    expect(evil).toEqual([]);
  });

  for (const kind of ['double click', '10 fast taps', 'Enter plus click'] as TapStorm[]) {
    test(`Pay Now: ${kind} sends exactly one generate-vcode request, the button disabled while it is pending (SECURITY 14)`, async ({
      page,
      kopa,
    }) => {
      await openDelay(page, kopa);
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

  test('a 500 with an HTML body and then a dropped connection each show a clear message and re-enable Pay Now (SECURITY 16)', async ({
    page,
    kopa,
  }) => {
    await openDelay(page, kopa);
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
    await page.unroute(vcode);

    await page.route(vcode, (route) => route.abort('connectionreset'));
    await payNow(page).click();
    await expect(toast(page)).toHaveText('Network error. Check your connection and try again.');
    await expect(payNow(page)).toBeEnabled();
    await expect(reminder(page)).toHaveCount(0);
    await page.unroute(vcode);

    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)).toHaveLength(3);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('an order that cannot be deferred (fee 0) cannot be paid here, and the page says why', async ({
    page,
    kopa,
  }) => {
    await patchData(page, DELAY, (data) => {
      data.delayShouldPayAmount = 0;
    });
    await openDelay(page, kopa);
    await expect(page.getByRole('heading', { name: 'Deferral not available' })).toBeVisible();
    await expect(byId(page, 'rolloverAmount')).toHaveCount(0);
    await expect(byId(page, 'payNowReason')).toHaveText(
      'Pay Now is unavailable: this order cannot be deferred.',
    );
    await expect(payNow(page)).toBeDisabled();
  });

  test("the server's telephone overrides the configured service phone", async ({ page, kopa }) => {
    const delay = await openDelay(page, kopa);
    expect(delay.telephone).toBeTruthy();
    await expect(byId(page, 'servicePhone')).toHaveText(`Service phone: ${delay.telephone}`);
    await expect(page.getByText('+255 700 000 000')).toHaveCount(0);

    await patchData(page, DELAY, (data) => {
      delete data.telephone;
    });
    await page.reload();
    await expect(byId(page, 'servicePhone')).toHaveText('Service phone: +255 700 000 000');
  });
});
