/**
 * Installment repayment, /repay (spec 2 "Installment repayment", 3 "Installment plan
 * response", 4 "Installment selection", 5 "Account number" and "Edited amount"), in Chromium
 * against the reference server: the plan, the selection, the amount and the account. The Pay
 * Now flow is in repay-pay.spec.ts. Demo order: O180D (one paid and two pending installments, NOTICE).
 */
import { expect, test } from './support/fixtures';
import {
  ACCOUNT,
  byId,
  expectSessionCall,
  NOTICE_ORDER,
  openRepay,
  patchData,
  payFromAnotherNumber,
  PLAN,
  payNow,
  reminder,
  tzs,
  VCODE,
} from './support/payFlow';

test.describe('installment repayment /repay', () => {
  test('shows the plan in TZS with only the first pending installment selected; request carries session query and headers', async ({
    page,
    kopa,
  }) => {
    const plan = await openRepay(page, kopa, {
      ...NOTICE_ORDER,
      building: 'b-123',
      gather: 'g-456',
    });
    const [first, ...rest] = plan.repayPlanDetail.repayWaitDetail;
    expect(first, 'the demo order has a pending installment').toBeDefined();
    expect(rest.length, 'the demo order has more than one pending installment').toBeGreaterThan(0);

    await expect(page).toHaveTitle('Repayment Details');
    await expect(page.getByRole('heading', { name: 'Repayment Details' })).toBeVisible();
    const firstBox = page.getByRole('checkbox', { name: `Period ${first!.periodNo}` });
    await expect(firstBox).toBeChecked();
    await expect(firstBox).toBeEnabled();
    for (const later of rest) {
      const box = page.getByRole('checkbox', { name: `Period ${later.periodNo}` });
      await expect(box).not.toBeChecked();
      await expect(box).toBeDisabled();
    }
    await expect(byId(page, 'amountValue')).toHaveText(tzs(first!.totalAmount));
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(first!.totalAmount)}`);
    await expect(page.getByText(`TZS ${tzs(first!.totalAmount)}`).first()).toBeVisible();

    // The only request: the plan, with the session query, the JSON headers and the order in the body.
    const calls = kopa.apiTo(PLAN);
    expect(calls).toHaveLength(1);
    expectSessionCall(calls[0], NOTICE_ORDER, { building: 'b-123', gather: 'g-456' });
    expect(calls[0]?.body).toEqual({ productId: 'P002', orderId: 'O180D' });
    expect(kopa.apiTo(VCODE)).toHaveLength(0);

    await kopa.screenshot('repay');
    expect(kopa.pageErrors).toEqual([]);
    expect(await kopa.reports()).toEqual([]);
  });

  test('amounts follow contract 3 (1234567 cents -> 12.345,67) and the total is the sum of the selected', async ({
    page,
    kopa,
  }) => {
    await patchData(page, PLAN, (data) => {
      const detail = data.repayPlanDetail as {
        repayWaitDetail: Record<string, unknown>[];
        repayWaitCount: number;
      };
      const template = detail.repayWaitDetail[0]!;
      detail.repayWaitDetail = [
        { ...template, periodNo: 2, totalAmount: 1234567, canClick: 1, check: 1 },
        { ...template, periodNo: 3, totalAmount: 7654321, canClick: 0, check: 0 },
        { ...template, periodNo: 4, totalAmount: 5, canClick: 0, check: 0 },
      ];
      detail.repayWaitCount = 3;
      data.amountMin = 100;
      data.amountMax = 1234567 + 7654321 + 5;
    });
    await openRepay(page, kopa, NOTICE_ORDER);
    await expect(byId(page, 'amountValue')).toHaveText('12.345,67');
    await expect(page.getByText('TZS 76.543,21')).toBeVisible();
    await expect(page.getByText('TZS 0,05')).toBeVisible();
    await expect(byId(page, 'total')).toHaveText('Total: TZS 12.345,67');

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(byId(page, 'total')).toHaveText('Total: TZS 88.888,93');
    await expect(byId(page, 'amountValue')).toHaveText('88.888,93');

    await page.getByText('Modify amount').click();
    await expect(page.getByLabel('Repayment amount (TZS)')).toHaveAttribute(
      'placeholder',
      '1,00 - 88.888,93',
    );
  });

  test('select all toggles between the first installment only and all pending; Pay Now sends the selected total', async ({
    page,
    kopa,
  }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    const pending = plan.repayPlanDetail.repayWaitDetail;
    const first = pending[0]!;
    const all = pending.reduce((s, i) => s + i.totalAmount, 0);
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });

    await selectAll.check();
    for (const i of pending)
      await expect(page.getByRole('checkbox', { name: `Period ${i.periodNo}` })).toBeChecked();
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(all)}`);
    await expect(byId(page, 'amountValue')).toHaveText(tzs(all));

    await selectAll.uncheck();
    await expect(page.getByRole('checkbox', { name: `Period ${first.periodNo}` })).toBeChecked();
    for (const i of pending.slice(1))
      await expect(page.getByRole('checkbox', { name: `Period ${i.periodNo}` })).not.toBeChecked();
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(first.totalAmount)}`);

    // Later installments cannot be chosen on their own.
    await page
      .getByRole('checkbox', { name: `Period ${pending[1]!.periodNo}` })
      .click({ force: true });
    await expect(
      page.getByRole('checkbox', { name: `Period ${pending[1]!.periodNo}` }),
    ).not.toBeChecked();
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(first.totalAmount)}`);

    // Unticking the first leaves nothing to pay; select all brings it back with the rest.
    await page.getByRole('checkbox', { name: `Period ${first.periodNo}` }).uncheck();
    await expect(byId(page, 'total')).toHaveText('Total: TZS 0,00');
    await expect(payNow(page)).toBeDisabled();
    await selectAll.check();
    await expect(page.getByRole('checkbox', { name: `Period ${first.periodNo}` })).toBeChecked();
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(all)}`);

    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    const calls = kopa.apiTo(VCODE);
    expect(calls).toHaveLength(1);
    expectSessionCall(calls[0], NOTICE_ORDER);
    expect(calls[0]?.body).toEqual({
      product_id: 'P002',
      orderId: 'O180D',
      amount: all,
      cardNo: ACCOUNT,
      bankCode: plan.bankList[0]!.type,
      isDelay: 0,
    });
  });

  test('paid installments are folded until their header is tapped', async ({ page, kopa }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    const paid = plan.repayPlanDetail.repayYetDetail;
    expect(paid.length, 'the demo order has a paid installment').toBeGreaterThan(0);
    const toggle = page.getByRole('button', { name: `Paid installments (${paid.length}) Show` });
    await expect(toggle).toBeVisible();
    const paidRow = page.locator('[data-node-id="paidList"]');
    await expect(paidRow).toHaveCount(0);
    await toggle.click();
    await expect(paidRow).toBeVisible();
    for (const p of paid) await expect(paidRow).toContainText(`Period ${p.periodNo}`);
    await expect(paidRow).toContainText(`TZS ${tzs(paid[0]!.totalAmount)}`);
    await page.getByRole('button', { name: `Paid installments (${paid.length}) Hide` }).click();
    await expect(paidRow).toHaveCount(0);
  });

  test('Modify amount clears the amount; the field takes money units with cents, caps at amountMax to the cent, shows the range, and does not enforce amountMin', async ({
    page,
    kopa,
  }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    await page.getByText('Modify amount').click();
    const field = page.getByLabel('Repayment amount (TZS)');
    await expect(field).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('inputmode', 'decimal');
    await expect(field).toHaveAttribute(
      'placeholder',
      `${tzs(plan.amountMin)} - ${tzs(plan.amountMax)}`,
    );
    await expect(page.getByText('Modify amount')).toHaveCount(0);
    await expect(payNow(page)).toBeDisabled();

    // Letters and signs go; a `.` or `,` is the decimal mark (docs/decisions/002-repayment-numbers-and-states.md).
    await field.pressSequentially('1a2b-3.4');
    await expect(field).toHaveValue('123,4');
    await field.fill('12abc3');
    await expect(field).toHaveValue('123');
    // The field shows the max as typed money: whole units, then `,cc` when it has cents.
    const maxText =
      plan.amountMax % 100 === 0
        ? String(plan.amountMax / 100)
        : `${Math.floor(plan.amountMax / 100)},${String(plan.amountMax % 100).padStart(2, '0')}`;
    const maxWhole = Math.floor(plan.amountMax / 100);
    await field.fill(String(maxWhole * 10 + 7));
    await expect(field).toHaveValue(maxText);

    // Below amountMin is the server's business, not the field's.
    await field.fill('5');
    await expect(field).toHaveValue('5');
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({ amount: 500, isDelay: 0 });
    await page.getByRole('button', { name: 'OK' }).click();

    await field.fill(`${maxWhole + 1}`);
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)[1]?.body).toMatchObject({ amount: plan.amountMax, isDelay: 0 });
  });

  test('the account number keeps digits only; the chosen wallet is sent as bankCode', async ({
    page,
    kopa,
  }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    const wallets = plan.bankList;
    expect(wallets.length).toBeGreaterThan(1);
    const account = page.getByLabel('Account number');
    await account.fill('');
    await account.pressSequentially('07a12-34 5x');
    await expect(account).toHaveValue('0712345');
    await account.fill('+255 (0)712 345 678');
    await expect(account).toHaveValue('2550712345678');

    await page.getByRole('button', { name: /Wallet/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose a wallet' });
    await sheet.getByRole('radio', { name: wallets[1]!.name }).click();
    await sheet.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: /Wallet/ })).toContainText(wallets[1]!.name);

    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({
      cardNo: '2550712345678',
      bankCode: wallets[1]!.type,
      isDelay: 0,
    });
  });

  test("the server's telephone overrides the configured service phone", async ({ page, kopa }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    expect(plan.telephone).not.toBe('');
    await expect(byId(page, 'servicePhone')).toHaveText(`Service phone: ${plan.telephone}`);
    await expect(page.getByText('+255 700 000 000')).toHaveCount(0);

    // Without one from the server, the configured default shows.
    await patchData(page, PLAN, (data) => {
      data.telephone = '';
    });
    await page.reload();
    await expect(byId(page, 'servicePhone')).toHaveText('Service phone: +255 700 000 000');
  });

  test('product_id alone is read as productId', async ({ page, kopa }) => {
    await kopa.open('/repay', { orderId: 'O180D', product_id: 'P002' });
    await expect(payNow(page)).toBeEnabled();
    expect(kopa.apiTo(PLAN)[0]?.body).toEqual({ productId: 'P002', orderId: 'O180D' });
    await payFromAnotherNumber(page);
    await page.getByLabel('Account number').fill(ACCOUNT);
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({
      product_id: 'P002',
      orderId: 'O180D',
      isDelay: 0,
    });
  });

  // A borrower who pays a second time.
  test('Modify amount: the footer total follows the typed amount (what Pay Now sends), the label shows once, and a tap goes back to the installment amount', async ({
    page,
    kopa,
  }) => {
    const plan = await openRepay(page, kopa, NOTICE_ORDER);
    const first = plan.repayPlanDetail.repayWaitDetail[0]!;
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(first.totalAmount)}`);
    await expect(page.getByText(/^Repayment amount/)).toHaveCount(1);
    await page.getByRole('button', { name: 'Modify amount' }).click();
    const field = page.getByLabel('Repayment amount (TZS)');
    await expect(page.getByText(/^Repayment amount/)).toHaveCount(1);
    await field.pressSequentially('1234,5');
    await expect(byId(page, 'total')).toHaveText('Total: TZS 1.234,50');
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({ amount: 123450, isDelay: 0 });
    await reminder(page).getByRole('button', { name: 'OK' }).click();
    await expect(reminder(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Use the installment amount' }).click();
    await expect(field).toHaveCount(0);
    await expect(byId(page, 'amountValue')).toHaveText(tzs(first.totalAmount));
    await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(first.totalAmount)}`);
    await payNow(page).click();
    await expect.poll(() => kopa.apiTo(VCODE).length).toBe(2);
    expect(kopa.apiTo(VCODE)[1]?.body).toMatchObject({ amount: first.totalAmount, isDelay: 0 });
  });
});
