/**
 * The money screens against a backend that sends exactly what the spec names: every
 * /vexed call is answered with its generated spec-minimal answer (tests/fixtures/spec-answers/,
 * `npm run gen`), so nothing of the reference server's own fields reaches the page. Each screen
 * shows its figures, no error screen, no "undefined"/"NaN", nothing reported about the answers,
 * and its primary action does what the spec says. The built app in Debian's Chromium.
 */
import { expect, test } from './support/fixtures';
import { expectWhole, specBackend } from './support/specBackend';

const ORDER = { orderId: 'O174D', productId: 'P001' };

test.describe('money screens with spec-minimal answers', () => {
  test('/confirm: the offer, Loan Now enabled; Loan Now pushes the loan and goes to lendDetailsUrl', async ({
    page,
    kopa,
  }) => {
    const called = await specBackend(page);
    await kopa.open('/confirm', { productId: 'P001' });
    await expect(page.getByText('50.000,00').first()).toBeVisible();
    await expect(page.getByText('7 days').first()).toBeVisible();
    await expectWhole(page, kopa);
    const loanNow = page.getByRole('button', { name: 'Loan Now' });
    await expect(loanNow).toBeEnabled();
    await loanNow.click();
    await expect(page).toHaveURL(/\/loanDetail\?.*orderId=O174D/);
    expect(called).toContain('loanPush');
    await expect(page.getByText('Repaying').first()).toBeVisible();
    await expectWhole(page, kopa);
  });

  test('/loanDetail: status 174 with isDelay 1 shows REPAY and Rollover Repayment; REPAY opens /repay', async ({
    page,
    kopa,
  }) => {
    await specBackend(page);
    await kopa.open('/loanDetail', ORDER);
    await expect(page.getByText('Repaying').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toBeEnabled();
    await expectWhole(page, kopa);
    await page.getByRole('button', { name: 'REPAY', exact: true }).click();
    await expect(page).toHaveURL(/\/repay\?.*orderId=O174D/);
  });

  test('/repay: the installments and total; Pay Now gives the Repayment reminder with the notice and TradeNo', async ({
    page,
    kopa,
  }) => {
    const called = await specBackend(page);
    await kopa.open('/repay', ORDER);
    await expect(page.getByText('Pending installments (2)')).toBeVisible();
    await expect(page.getByText('16.500,00').first()).toBeVisible();
    await expectWhole(page, kopa);
    await page.getByLabel('Account number').fill('0712345678');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Repayment reminder' });
    await expect(dialog).toContainText('Pay with the M-Pesa pay-bill 400200.');
    await expect(dialog).toContainText('T-20261208-1');
    expect(called).toContain('generateVcode');
    await expectWhole(page, kopa);
  });

  test('/repayDelay: the deferral fee lines and reminder; Pay Now gives the Repayment reminder', async ({
    page,
    kopa,
  }) => {
    await specBackend(page);
    await kopa.open('/repayDelay', ORDER);
    await expect(page.getByText('Pay the deferral fee before the due date.')).toBeVisible();
    await expectWhole(page, kopa);
    await page.getByLabel('Account number').fill('0712345678');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Repayment reminder' })).toContainText(
      'T-20261208-1',
    );
    await expectWhole(page, kopa);
  });

  test('/repaymentOfCode and /repaymentOfCode2: the amount and the pay code of the repayment info', async ({
    page,
    kopa,
  }) => {
    await specBackend(page);
    await kopa.open('/repaymentOfCode', ORDER);
    await expect(page.getByText('33.000,00')).toBeVisible();
    await expect(page.getByText('KP-77001234')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy' })).toBeEnabled();
    await expectWhole(page, kopa);
    await kopa.open('/repaymentOfCode2', ORDER);
    await expect(page.getByText('KP-77001234')).toBeVisible();
    await expect(page.getByText('33.000,00')).toBeVisible();
    await expect(page.getByText('M-Pesa').first()).toBeVisible();
    await expectWhole(page, kopa);
  });

  test('/repaymentOfCode2: when its call fails, the repayment info kept on the device is shown', async ({
    page,
    kopa,
  }) => {
    await specBackend(page);
    await kopa.open('/repaymentOfCode2', ORDER);
    await expect(page.getByText('KP-77001234')).toBeVisible();
    // The next visit's call fails (network): the page shows what the last one kept.
    await page.route(
      (url) => url.pathname.includes('repayment-code-info'),
      (route) => route.abort(),
    );
    await page.reload();
    await expect(page.getByText('KP-77001234')).toBeVisible();
    await expect(page.getByText('We could not load this page')).toHaveCount(0);
  });

  test('/repayChoose: no amount in the spec answers: Pay Now off with its reason; with the kept repayment info it commits', async ({
    page,
    kopa,
  }) => {
    const called = await specBackend(page);
    await kopa.open('/repayChoose', ORDER);
    const payNow = page.getByRole('button', { name: 'Pay Now' });
    // Neither repayment-way nor loan details names an amount (spec 3): the borrower is told why.
    await expect(page.getByText('The amount due of this order could not be found.')).toBeVisible();
    await expect(payNow).toBeDisabled();
    await expectWhole(page, kopa);
    // The repayment info kept in local storage (spec 3) gives the amount.
    await page.evaluate(() =>
      localStorage.setItem(
        'kopa:repaymentInfo',
        JSON.stringify({ orderId: 'O174D', repayAmount: 1_650_000 }),
      ),
    );
    await page.reload();
    await expect(page.getByText('16.500,00').first()).toBeVisible();
    await page
      .getByRole('button', { name: /M-Pesa 0712 345 678/ })
      .first()
      .click();
    await expect(payNow).toBeEnabled();
    await payNow.click();
    await expect(page).toHaveURL(/\/borrowDetail\?/);
    expect(called).toContain('repaymentCommit');
    await expect(page.getByText('Repaying').first()).toBeVisible();
    await expectWhole(page, kopa);
  });

  test('/bindBank: the form items; Next saves and, with no source, ends the bank step', async ({
    page,
    kopa,
  }) => {
    const called = await specBackend(page);
    await kopa.open('/bindBank', { productId: 'P001' });
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expectWhole(page, kopa);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => called.includes('saveBankInfo')).toBe(true);
    await expect
      .poll(async () => (await kopa.bridgeCalls()).map((c) => c.method))
      .toContain('bankStepEnd');
  });
});
