/**
 * "the numbers and states the borrower sees", in Chromium against the reference server
 * (demo data, server/demo/seedData.ts) and with responses reshaped the way the spec allows
 * (numbers sent as strings, optional fields absent). One describe per bullet of the issue.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  ACCOUNT,
  apiUrl,
  byId,
  DELAY,
  patchData,
  payFromAnotherNumber,
  payNow,
  PLAN,
  reminder,
  VCODE,
} from './support/payFlow';

const CODE_INFO = '/v3/loan-details/repayment-code-info';
const WAY = '/api/v1/kopa/service/loan/repayment-way';
const COMMIT = '/api/v1/kopa/service/loan/repayment-commit';
const LOAN = '/v3/loan-details/loan-details';

/** The value of the detail line titled `title` (a dt/dd pair of a cell-list). */
const lineValue = (page: Page, listId: string, title: string) =>
  byId(page, listId)
    .locator('dt', { hasText: new RegExp(`^${title}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('amount due on /order and /loanDetail', () => {
  test('O174N: due today is one installment (165.000), the balance is shown apart', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/order', { orderId: 'O174N', productId: 'P002' });
    await expect(lineValue(page, 'detail', 'Amount due')).toHaveText('TZS 165.000,00');
    await expect(lineValue(page, 'detail', 'Outstanding balance')).toHaveText('TZS 330.000,00');
    await expect(byId(page, 'reyMsg')).toHaveText('Please repay TZS 165.000,00.');
  });

  test('O170: nothing due yet, the current period (110.000) is due, not 220.000', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/loanDetail', { orderId: 'O170', productId: 'P002' });
    await expect(lineValue(page, 'detail', 'Amount due')).toHaveText('TZS 110.000,00');
    await expect(byId(page, 'reyMsg')).toHaveText('Please repay TZS 110.000,00.');
  });
});

test.describe('/repayDelay: one source for the fee', () => {
  test('O170 cannot be deferred: says so, no fee, no new due date, a reason beside the disabled Pay Now', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/repayDelay', { orderId: 'O170', productId: 'P002' });
    await expect(page.getByRole('heading', { name: 'Deferral not available' })).toBeVisible();
    await expect(page.getByText('Deferral fee', { exact: true })).toHaveCount(0);
    await expect(page.getByText('TZS 15.000,00')).toHaveCount(0);
    await expect(page.getByText('New due date')).toHaveCount(0);
    await expect(byId(page, 'payNowReason')).toHaveText(
      'Pay Now is unavailable: this order cannot be deferred.',
    );
    await expect(payNow(page)).toBeDisabled();
    await page.getByRole('button', { name: 'Go to Repayment' }).click();
    await expect(page).toHaveURL(/\/repay\?.*orderId=O170/);
  });

  test('a backend that sends the fee "0" as text with fee lines still shows no contradicting fee', async ({
    page,
    kopa,
  }) => {
    await patchData(page, DELAY, (d) => {
      d.delayShouldPayAmount = '0';
      d.detail = [{ text: 'Deferral fee', value: 'TZS 15.000,00' }];
      d.repayDetail = [{ text: 'New due date', value: '2030-01-01' }];
      delete d.remind;
    });
    await kopa.open('/repayDelay', { orderId: 'O170', productId: 'P002' });
    await expect(page.getByRole('heading', { name: 'Deferral not available' })).toBeVisible();
    await expect(page.getByText('TZS 15.000,00')).toHaveCount(0);
    await expect(page.getByText('2030-01-01')).toHaveCount(0);
    await expect(payNow(page)).toBeDisabled();
  });

  test('O174D can be deferred: the header fee and the fee line agree', async ({ page, kopa }) => {
    await kopa.open('/repayDelay', { orderId: 'O174D', productId: 'P001' });
    await expect(byId(page, 'feeValue')).toHaveText('10.000,00');
    await expect(lineValue(page, 'feeDetail', 'Deferral fee')).toHaveText('TZS 10.000,00');
    await expect(payNow(page)).toBeEnabled();
    await expect(byId(page, 'payNowReason')).toHaveCount(0);
  });
});

test.describe('/repaymentOfCode: the symbol its flag chooses (spec section 1)', () => {
  test('flag 0 (the reference server) is peso, 1 is rupee: "1 rupee, otherwise peso"', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/repaymentOfCode', { orderId: 'O174D', productId: 'P001' });
    await expect(byId(page, 'amount')).toHaveText('₱ 220.000,00');
    await patchData(page, CODE_INFO, (d) => {
      d.currencyFlag = 1;
    });
    await page.reload();
    await expect(byId(page, 'amount')).toHaveText('₹ 220.000,00');
  });
});

test.describe('/repay: typed amounts in money units with cents; the wallet notice', () => {
  test('cents can be typed, the cap is exact to the cent (amountMax sent as text), the amount sent is integer cents', async ({
    page,
    kopa,
  }) => {
    await patchData(page, PLAN, (d) => {
      d.amountMax = '4234567';
    });
    await kopa.open('/repay', { orderId: 'O174D', productId: 'P001' });
    await payFromAnotherNumber(page);
    await page.getByLabel('Account number').fill(ACCOUNT);
    await page.getByRole('button', { name: 'Modify amount' }).click();
    const field = page.getByLabel('Repayment amount (TZS)');
    await field.pressSequentially('42345,67');
    await expect(field).toHaveValue('42345,67');
    await field.fill('');
    await field.pressSequentially('42345,68');
    await expect(field).toHaveValue('42345,67');
    await field.fill('');
    await field.pressSequentially('1000.5');
    await expect(field).toHaveValue('1000,5');
    const sent = page.waitForRequest((r) => apiUrl(VCODE)(new URL(r.url())));
    await payNow(page).click();
    expect((await sent).postDataJSON()).toMatchObject({
      amount: 100050,
      isDelay: 0,
      orderId: 'O174D',
    });
  });

  // the field's message, nothing sent; and the server refuses it on its own.
  test('Pay Now with no account number sends nothing and says why at the field; the server refuses it with 400 and no TradeNo', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/repay', { orderId: 'O174D', productId: 'P001' });
    await payFromAnotherNumber(page);
    const account = page.getByLabel('Account number');
    await expect(account).toHaveValue('');
    await payNow(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter the wallet account number.' }),
    ).toBeVisible();
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(account).toBeFocused();
    await expect(reminder(page)).toHaveCount(0);
    expect(kopa.apiTo(VCODE)).toHaveLength(0);

    // A borrower whose bound account is a bank account, not a wallet: no number to send to.
    const direct = await page.request.post(`/vexed${VCODE}?userId=10002&sessionId=demo-session-2`, {
      data: {
        product_id: 'P001',
        orderId: 'O2170',
        amount: 100_000,
        cardNo: '',
        bankCode: '90006',
        isDelay: 0,
      },
    });
    expect(direct.status()).toBe(400);
    const body = (await direct.json()) as Record<string, unknown>;
    expect(body.message).toBe('Enter your wallet account number. No payment request was sent.');
    expect(JSON.stringify(body)).not.toMatch(/tradeNo/i);

    await account.fill(ACCOUNT);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter the wallet account number.' }),
    ).toHaveCount(0);
    await payNow(page).click();
    await expect(reminder(page)).toContainText('was sent to your wallet');
    expect(kopa.apiTo(VCODE)).toHaveLength(1);
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({ cardNo: ACCOUNT, isDelay: 0 });
  });
});

test.describe('/repaymentOfCode amount', () => {
  test('shows repayAmount (sent as text) when delayInfo is absent', async ({ page, kopa }) => {
    await patchData(page, CODE_INFO, (d) => {
      d.repayAmount = '16500000';
      delete d.delayInfo;
    });
    await kopa.open('/repaymentOfCode', { orderId: 'O174D', productId: 'P001' });
    await expect(byId(page, 'amount')).toHaveText('₱ 165.000,00');
  });

  test('shows the amount chosen on /repay, kept as repaymentInfo in local storage', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/repay', { orderId: 'O174D', productId: 'P001' });
    await page.getByRole('button', { name: 'Modify amount' }).click();
    await page.getByLabel('Repayment amount (TZS)').pressSequentially('1000,5');
    await page.getByRole('button', { name: 'Pay with a repayment code instead' }).click();
    await expect(page).toHaveURL(/\/repaymentOfCode\?.*orderId=O174D/);
    await expect(byId(page, 'amount')).toHaveText('₱ 1.000,50');
    // Kept under the spec's own key (spec 3), with the order it was kept for.
    const kept = await page.evaluate(() => localStorage.getItem('repaymentInfo'));
    expect(JSON.parse(kept ?? 'null')).toMatchObject({ orderId: 'O174D', repayAmount: 100050 });
  });
});

test.describe('/repayChoose when repayment-way has no amount', () => {
  test('the amount comes from loan details and the commit carries it', async ({ page, kopa }) => {
    await patchData(page, WAY, (d) => {
      delete d.amount;
    });
    await kopa.open('/repayChoose', { orderId: 'O170', productId: 'P002' });
    await expect(byId(page, 'amount')).toHaveText('TZS 220.000,00');
    await page.getByRole('button', { name: /M-Pesa/ }).click();
    const sent = page.waitForRequest((r) => apiUrl(COMMIT)(new URL(r.url())));
    await payNow(page).click();
    expect(new URLSearchParams((await sent).postData() ?? '').get('amount')).toBe('22000000');
  });

  test('with no amount anywhere Pay Now is disabled with a reason and no commit is sent', async ({
    page,
    kopa,
  }) => {
    await patchData(page, WAY, (d) => {
      delete d.amount;
    });
    await page.route(apiUrl(LOAN), (route) =>
      route.fulfill({ json: { code: 1, message: 'Order not found.', data: null } }),
    );
    await kopa.open('/repayChoose', { orderId: 'O170', productId: 'P002' });
    await expect(byId(page, 'payNowReason')).toHaveText(
      'Pay Now is unavailable until the amount due is known. Please go back and open this page again.',
    );
    await page.getByRole('button', { name: /M-Pesa/ }).click();
    await expect(payNow(page)).toBeDisabled();
    expect(kopa.apiTo(COMMIT)).toHaveLength(0);
  });
});
