/**
 * A session the server does not know (or that expired) answers HTTP 401, and the
 * page turns into a way out (log in / close) instead of an error with a Retry that always fails.
 * In Chromium against the reference server, with the fake Android host recording bridge calls.
 */
import { expect, test } from './support/fixtures';
import { apiUrl, byId } from './support/payFlow';

const WAY = '/api/v1/kopa/service/loan/repayment-way';
const COMMIT = '/api/v1/kopa/service/loan/repayment-commit';

test('an unknown sessionId: the page shows the server message, Log in and Close (bridge openLogin / closeWebView), the header, no Retry', async ({
  page,
  kopa,
}) => {
  const way = page.waitForResponse((r) => new URL(r.url()).pathname === `/vexed${WAY}`);
  await kopa.open('/repayChoose', {
    sessionId: 'no-such-session',
    orderId: 'O170',
    productId: 'P002',
  });
  const answer = await way;
  expect(answer.status()).toBe(401);
  const body = (await answer.json()) as { code: string; message: string };
  expect(body.code).toBe('401');

  // The server's own words, meant for people, are what the borrower reads.
  const alert = page.getByRole('alert');
  expect(body.message).toBe('Unknown session. Please log in again.');
  await expect(alert).toContainText(body.message);
  await expect(page.getByRole('heading', { name: 'Choose repayment method' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await kopa.screenshot('session-expired');

  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([
      { method: 'openLogin', payload: {} },
      { method: 'closeWebView', payload: {} },
    ]);
  // One call, no loop of retries.
  expect(kopa.apiTo(WAY)).toHaveLength(1);
  expect(await kopa.cspViolations()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});

test('a session that expires before Pay Now: the commit answers 401 and the page shows the way out, not a toast', async ({
  page,
  kopa,
}) => {
  await page.route(apiUrl(COMMIT), (route) =>
    route.fulfill({
      status: 401,
      json: {
        code: '401',
        message: 'Your session has ended. Please log in again.',
        data: { reason: 'idle' },
      },
    }),
  );
  await kopa.open('/repayChoose', { orderId: 'O170', productId: 'P002' });
  await page.getByRole('button', { name: /CRDB Bank/ }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Your session has ended. Please log in again.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(byId(page, 'amount')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'openLogin', payload: {} }]);
});
