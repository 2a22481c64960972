import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './support/fixtures';

/**
 * Customer service, /customerService (spec 2 "Customer service", 3 "Contact info", 7
 * "Complaints and service"): contacts from contact-kf-info of the real server
 * (server/demo/seedData.ts: support@kopa.example, +255 755 123 456).
 */

const HEADERS = { building: 'b-1', gather: 'g-2' };
const DEFAULT_PHONE = '+255 700 000 000'; // config/app.json defaultServicePhone

/** The label and the value of a contact row, as shown. */
const phoneRow = (page: Page) => page.locator('[data-node-id="phoneRow"] p');
const emailRow = (page: Page) => page.locator('[data-node-id="emailRow"] p');

function kfAnswer(data: Record<string, unknown>) {
  return {
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ code: 0, message: 'success', data }),
  };
}

test('shows the title, the server telephone and the e-mail row, asking contact-kf-info with overall=30', async ({
  page,
  kopa,
}) => {
  await kopa.open('/customerService', HEADERS);
  await expect(page.getByRole('heading', { name: 'Online service' })).toBeVisible();
  await expect(page).toHaveTitle('Online service');
  await expect(phoneRow(page)).toHaveText(['Telephone', '+255 755 123 456']);
  await expect(emailRow(page)).toHaveText(['E-mail', 'support@kopa.example']);

  const calls = kopa.apiTo('/v3/personal-center/contact-kf-info');
  expect(calls).toHaveLength(1);
  const [call] = calls;
  expect(call?.method).toBe('POST');
  expect(call?.path).toBe('/vexed/v3/personal-center/contact-kf-info');
  expect(call?.query).toMatchObject({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    mobilePhone: DEMO.mobilePhone,
  });
  expect(call?.headers).toMatchObject({ ...HEADERS, 'x-requested-with': 'XMLHttpRequest' });
  expect(call?.headers['content-type']).toContain('application/json');
  expect(call?.body).toEqual({ overall: 30 });

  await kopa.screenshot('customer-service');
  expect(await kopa.bridgeCalls()).toEqual([]);
  expect(await kopa.cspViolations()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});

test('tapping the e-mail row calls the native send action with the e-mail', async ({
  page,
  kopa,
}) => {
  await kopa.open('/customerService');
  await page.getByRole('button', { name: /E-mail/ }).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([{ method: 'sendSms', payload: { email: 'support@kopa.example' } }]);
  // Keyboard users reach it too.
  await page.getByRole('button', { name: /E-mail/ }).press('Enter');
  await expect.poll(async () => (await kopa.bridgeCalls()).length).toBe(2);
});

test('the call action calls callService with the server telephone', async ({ page, kopa }) => {
  await kopa.open('/customerService');
  await expect(phoneRow(page)).toHaveText(['Telephone', '+255 755 123 456']);
  await page.getByRole('button', { name: 'Call customer service' }).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([{ method: 'callService', payload: { phone: '+255 755 123 456' } }]);
  expect(kopa.apiTo('/v3/personal-center/contact-kf-info')).toHaveLength(1);
});

test('smWa stands in when the server sends no telephone', async ({ page, kopa }) => {
  await page.route('**/vexed/v3/personal-center/contact-kf-info**', (route) =>
    route.fulfill(kfAnswer({ email: 'help@kopa.example', smWa: '+255 711 222 333' })),
  );
  await kopa.open('/customerService');
  await expect(phoneRow(page)).toHaveText(['Telephone', '+255 711 222 333']);
  await expect(emailRow(page)).toHaveText(['E-mail', 'help@kopa.example']);
  await page.getByRole('button', { name: 'Call customer service' }).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([{ method: 'callService', payload: { phone: '+255 711 222 333' } }]);
});

test('the configured default service phone shows when the server gives no number', async ({
  page,
  kopa,
}) => {
  await page.route('**/vexed/v3/personal-center/contact-kf-info**', (route) =>
    route.fulfill(kfAnswer({ email: 'help@kopa.example', smWa: '', telephone: '' })),
  );
  await kopa.open('/customerService');
  await expect(phoneRow(page)).toHaveText(['Telephone', DEFAULT_PHONE]);
  await page.getByRole('button', { name: 'Call customer service' }).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([{ method: 'callService', payload: { phone: DEFAULT_PHONE } }]);
});
