/**
 * Developer tool /testPreview (spec 2): editable device and session fields, prefilled from the
 * query, and a link to every other page carrying exactly those values as its query.
 */
import { expect, test } from './support/fixtures';
import routes from '../../config/routes.json' with { type: 'json' };

const FIELDS = [
  'deviceId',
  'appVersion',
  'userId',
  'appName',
  'sessionId',
  'clientType',
  'merchantNumber',
  'mobilePhone',
  'orderId',
  'productId',
  'product_id',
  'couponId',
  'couponMoney',
  'withholdingAmount',
];

test('fields start from the query, can be edited, and every page link carries them', async ({
  page,
  kopa,
}) => {
  await kopa.open('/testPreview', { orderId: 'O170', productId: 'P002', deviceId: 'dev-1' });
  await expect(page.getByRole('heading', { name: 'Test preview' })).toBeVisible();
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  for (const name of FIELDS) await expect(field(name)).toBeVisible();
  await expect(field('userId')).toHaveValue('10001');
  await expect(field('sessionId')).toHaveValue('demo-session');
  await expect(field('deviceId')).toHaveValue('dev-1');
  await expect(field('orderId')).toHaveValue('O170');
  await expect(field('appVersion')).toHaveValue('');

  // A link for every page of the route table but this one.
  const paths = Object.entries(routes.pages)
    .filter(([key]) => key !== 'testPreview')
    .map(([, p]) => p.path);
  const links = page.locator('[data-node-id="pageLink"]');
  await expect(links).toHaveCount(paths.length);
  await expect(links).toContainText(paths.map((p) => new RegExp(`^${p.replace(/[/]/g, '\\/')}`)));
  await kopa.screenshot('test-preview');

  await field('appVersion').fill('3.2.1');
  await field('orderId').fill('O180D');
  await field('clientType').fill('android');
  await page.getByRole('button', { name: /^\/repayChoose/ }).click();
  await expect(page).toHaveURL(/\/repayChoose\?/);
  await expect(page.getByRole('heading', { name: 'Choose repayment method' })).toBeVisible();
  const query = Object.fromEntries(new URL(page.url()).searchParams);
  expect(query).toEqual({
    deviceId: 'dev-1',
    appVersion: '3.2.1',
    userId: '10001',
    appName: '',
    sessionId: 'demo-session',
    clientType: 'android',
    merchantNumber: '',
    mobilePhone: '0712345678',
    orderId: 'O180D',
    productId: 'P002',
    product_id: 'P002',
    couponId: '',
    couponMoney: '',
    withholdingAmount: '',
  });
  // The page opened with those values: its first call carries the edited order.
  await expect.poll(() => kopa.apiTo('/service/loan/repayment-way').length).toBe(1);
  expect(kopa.apiTo('/service/loan/repayment-way')[0]?.query).toMatchObject({
    orderId: 'O180D',
    appVersion: '3.2.1',
    clientType: 'android',
  });
  expect(kopa.pageErrors).toEqual([]);
});

test('product_id alone prefills productId; when both are given, each keeps its own value on the links and on the next page', async ({
  page,
  kopa,
}) => {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await kopa.open('/testPreview', { product_id: 'P003' });
  await expect(field('productId')).toHaveValue('P003');
  await expect(field('product_id')).toHaveValue('P003');

  await kopa.open('/testPreview', { productId: 'P001', product_id: 'P003', orderId: 'O170' });
  await expect(field('productId')).toHaveValue('P001');
  await expect(field('product_id')).toHaveValue('P003');
  await page.getByRole('button', { name: /^\/bindBank/ }).click();
  await expect(page).toHaveURL(/\/bindBank\?/);
  const query = new URL(page.url()).searchParams;
  expect([query.get('productId'), query.get('product_id')]).toEqual(['P001', 'P003']);
  // The next page's calls carry both as given (bind bank reads product_id).
  await expect.poll(() => kopa.apiTo('/v3/bank/card-init').length).toBe(1);
  const init = kopa.apiTo('/v3/bank/card-init')[0];
  expect([init?.query.productId, init?.query.product_id]).toEqual(['P001', 'P003']);
  expect(init?.body).toEqual({ product_id: 'P003' });
});
