/**
 * A page load asks for nothing the server does not have. The page's icon is in the page itself (a
 * request for it would come between the data and Pay Now); /favicon.ico is still served, as an icon.
 */
import { expect, test } from './support/fixtures';

test('a screen loads without a failed request and without a request for its icon; /favicon.ico is an icon', async ({
  page,
  kopa,
}) => {
  const failed: string[] = [];
  const icons: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('request', (r) => {
    if (/favicon|\.ico$|\.png$/.test(new URL(r.url()).pathname)) icons.push(r.url());
  });
  await kopa.open('/repay', { orderId: 'O170', productId: 'P002' });
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await page.waitForLoadState('load');
  // The icon the page declares is a PNG inside it.
  const href = await page.locator('link[rel=icon]').getAttribute('href');
  expect(href).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  await kopa.settled();
  expect(icons).toEqual([]);
  expect(failed).toEqual([]);

  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO header
});
