/**
 * Joint-login failure, /unionLoginFail (spec 2 "Joint-login failure", 3 "Union error response",
 * 7 union-error-info, 8 "Joint-login failure screen"), in Chromium against the reference server.
 */
import { DEMO, expect, test } from './support/fixtures';
import { byId, patchData } from './support/payFlow';

const UNION = '/service/new/union-error-info';

test.describe('joint-login failure', () => {
  test("shows 'Failed', the server errMessage, the failed icon and the recommended products", async ({
    page,
    kopa,
  }) => {
    await kopa.open('/unionLoginFail');
    await expect(page).toHaveTitle('Order Details');
    await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
    await expect(byId(page, 'errMessage')).toHaveText(
      'The partner session has expired. Please open Kopa again from the partner app.',
    );
    await expect(byId(page, 'noticeMessage')).toHaveText(
      'We could not sign you in through the partner app.',
    );
    await expect(
      byId(page, 'statusIcon').getByRole('img', { name: 'Status icon' }),
    ).toHaveAttribute('src', '/assets/demo/status-failed.svg');
    await expect(page.getByRole('heading', { name: 'Recommended products' })).toBeVisible();
    for (const name of ['Kopa Cash', 'Haraka Loan', 'Mkopo Plus', 'Pesa Fast']) {
      await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
    const tile = page.getByRole('button', { name: /Haraka Loan/ });
    await expect(tile.getByText('TZS 20.000,00 - 1.000.000,00')).toBeVisible();
    await expect(tile.getByText('Monthly interest 3% · Three monthly installments.')).toBeVisible();

    const calls = kopa.apiTo(UNION);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.query).toMatchObject({ userId: DEMO.userId, sessionId: DEMO.sessionId });
    expect(calls[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    await kopa.screenshot('union-login-fail');
    expect(kopa.pageErrors).toEqual([]);
    expect(await kopa.reports()).toEqual([]);
  });

  test('family tiles: a deep link goes to the native app, an https link leaves, a disabled tile does nothing', async ({
    page,
    kopa,
  }) => {
    const hits: string[] = [];
    await page.route('https://kopa.example/**', (route) => {
      hits.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!DOCTYPE html><title>External</title><h1>External page</h1>',
      });
    });
    await kopa.open('/unionLoginFail');
    await page.getByRole('button', { name: /Pesa Fast/ }).click();
    await page.getByRole('button', { name: /Haraka Loan/ }).click();
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([{ method: 'openLink', payload: { url: 'kopa://product/P002' } }]);
    expect(new URL(page.url()).pathname).toBe('/unionLoginFail');
    await page.getByRole('button', { name: /Mkopo Plus/ }).click();
    await expect(page).toHaveURL('https://kopa.example/products/P003');
    expect(hits).toEqual(['https://kopa.example/products/P003']);
  });

  test('family tiles from an older backend (no view, enabled as text) behave the same', async ({
    page,
    kopa,
  }) => {
    await patchData(page, UNION, (data) => {
      for (const t of data.family as Array<Record<string, unknown>>) {
        delete t.view;
        t.enabled = String(t.enabled);
      }
    });
    await kopa.open('/unionLoginFail');
    // P004 ("0") does nothing; P002 (deep link) goes to the app: its call must be the only one.
    await page.getByRole('button', { name: /Pesa Fast/ }).click();
    await page.getByRole('button', { name: /Haraka Loan/ }).click();
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([{ method: 'openLink', payload: { url: 'kopa://product/P002' } }]);
    expect(new URL(page.url()).pathname).toBe('/unionLoginFail');
  });

  test('another errMessage from the server is shown as given; no family hides the block', async ({
    page,
    kopa,
  }) => {
    await patchData(page, UNION, (data) => {
      data.errMessage = 'Login via partner failed (code 42).';
      data.noticeMessage = '';
      data.family = [];
    });
    await kopa.open('/unionLoginFail');
    await expect(page.getByRole('heading', { name: 'Failed', exact: true })).toBeVisible();
    await expect(byId(page, 'errMessage')).toHaveText('Login via partner failed (code 42).');
    await expect(byId(page, 'noticeMessage')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Recommended products' })).toHaveCount(0);
  });
});
