import { expect, test } from './support/fixtures';

test('peek', async ({ page, kopa }) => {
  await kopa.open('/repay', { orderId: 'O180D', productId: 'P002' });
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await kopa.screenshot('repay');
  console.log(await page.locator('#root').innerText());
  console.log(JSON.stringify(await kopa.reports()));
});
