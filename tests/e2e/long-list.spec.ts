/**
 * A 1000-installment plan on /repay: the list is windowed (only the rows near the
 * screen are in the page, each numbered for screen readers), while "Select all" and the total
 * always cover all 1000. The plan is shaped as the contract allows: numbers as strings.
 */
import { expect, test } from './support/fixtures';
import { byId, patchData, PLAN, tzs } from './support/payFlow';

const ROWS = 1000;
const CENTS = 12_345;

test('1000 installments: a window of rows; scrolled to the last row and selected, the total covers every row', async ({
  page,
  kopa,
}) => {
  await patchData(page, PLAN, (data) => {
    const detail = data.repayPlanDetail as {
      repayWaitDetail: Record<string, unknown>[];
      repayWaitCount?: unknown;
    };
    const first = detail.repayWaitDetail[0] ?? {};
    detail.repayWaitDetail = Array.from({ length: ROWS }, (_, i) => ({
      ...first,
      periodNo: String(i + 1),
      totalAmount: String(CENTS),
      canClick: i === 0 ? '1' : '0',
    }));
    detail.repayWaitCount = String(ROWS);
  });
  await kopa.open('/repay', { orderId: 'O170', productId: 'P002' });
  const period = (n: number) => page.getByRole('checkbox', { name: `Period ${n}`, exact: true });
  const rows = page.locator('[data-node-id="installmentRow"]');
  const toEnd = () =>
    expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return period(ROWS).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
  await expect(period(1)).toBeChecked();
  await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(CENTS)}`);
  // Windowed: the end of the list is not in the page, and only a screenful or two of rows is.
  await expect(period(ROWS)).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(80);
  const list = byId(page, 'pendingList');
  await expect(list).toHaveAttribute('role', 'list');
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(ROWS));

  // Scrolled to the end: the last row is there, on screen, not selected yet; the first rows are gone.
  await toEnd();
  await period(ROWS).scrollIntoViewIfNeeded();
  await expect(period(ROWS)).toBeVisible();
  await expect(period(ROWS)).not.toBeChecked();
  await expect(list.getByRole('listitem').last()).toHaveAttribute('aria-posinset', String(ROWS));
  await expect(period(1)).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(80);

  // Select every row (the control sits above the list: the page scrolls up to it), then back to the last one.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(CENTS * ROWS)}`);
  await toEnd();
  await expect(period(ROWS)).toBeChecked();
  await expect(byId(page, 'total')).toHaveText(`Total: TZS ${tzs(CENTS * ROWS)}`);

  // Keyboard: focus on the first row stays in the page while the list scrolls away from it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await period(1).focus();
  await toEnd();
  await expect(period(1)).toBeFocused();
  expect(kopa.pageErrors).toEqual([]);
});
