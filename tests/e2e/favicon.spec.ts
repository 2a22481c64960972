/** A page load asks for nothing the server does not have; the favicon is served (no 404). */
import { expect, test } from './support/fixtures';

test('a screen loads without a failed request; /favicon.ico is an icon', async ({ page, kopa }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await kopa.open('/repay', { orderId: 'O170', productId: 'P002' });
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => e.name.endsWith('/favicon.ico')),
      ),
    )
    .toBe(true);
  expect(failed).toEqual([]);

  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO header
});
