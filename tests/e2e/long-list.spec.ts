/**
 * Issue 10, a 1000-installment plan on /repay: the list renders its first rows at once and the
 * rest as the borrower scrolls, while "Select all" and the total always cover all 1000. The plan
 * is shaped as the contract allows: numbers as strings.
 */
import { expect, test } from './support/fixtures';
import { byId, patchData, PLAN, tzs } from './support/payFlow';

const ROWS = 1000;
const CENTS = 12_345;

test('1000 installments: first rows at once, the rest on scrolling; select all and the total cover every row', async ({ page, kopa }) => {
  await patchData(page, PLAN, (data) => {
    const detail = data.repayPlanDetail as { repayWaitDetail: Record<string, unknown>[]; repayWaitCount?: unknown };
    const first = detail.repayWaitDetail[0] ?? {};
    detail.repayWaitDetail = Array.from({ length: ROWS }, (_, i) => ({ ...first, periodNo: String(i + 1), totalAmount: String(CENTS), canClick: i === 0 ? '1' : '0' }));
    detail.repayWaitCount = String(ROWS);
  });
  await kopa.open('/repay', { orderId: 'O170', productId: 'P002' });
  const period = (n: number) => page.getByRole('checkbox', { name: `Period ${n}`, exact: true });
  await expect(period(1)).toBeChecked();
  await expect(byId(page, 'total')).toHaveText(`Total: ${tzs(CENTS)} TZS`);
  // Windowed: the end of the list is not in the page yet.
  await expect(period(ROWS)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(byId(page, 'total')).toHaveText(`Total: ${tzs(CENTS * ROWS)} TZS`);

  // Scrolling down brings the rest, to the last row, selected like the others.
  await expect.poll(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    return period(ROWS).count();
  }, { timeout: 30_000 }).toBe(1);
  await period(ROWS).scrollIntoViewIfNeeded();
  await expect(period(ROWS)).toBeVisible();
  await expect(period(ROWS)).toBeChecked();
  await expect(page.locator('[data-node-id="installmentRow"]')).toHaveCount(ROWS);
  await expect(byId(page, 'total')).toHaveText(`Total: ${tzs(CENTS * ROWS)} TZS`);
  expect(kopa.pageErrors).toEqual([]);
});
