import { expect, test } from './support/fixtures';

test('peek', async ({ page, kopa }) => {
  await kopa.open('/repayDelay', { orderId: 'O174D', productId: 'P001' });
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await kopa.screenshot('repay-delay');
  console.log(await page.locator('#root').innerText());
  console.log(JSON.stringify(await kopa.reports()));
});
