/**
 * Loan details V3, /loanDetail and /order (spec 2 "Loan details V3", 3 "Order details response",
 * 4 "Order status codes" and "Loan rating modal", 5 "Loan rating", 7 loan-details, google-score,
 * event save; 9 "Borrow Again event"), in Chromium against the reference server. Demo orders per
 * status: O21, O110, O151, O170, O174D/O174N, O180D/O180N, O200 (server/demo/seedData.ts).
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, test, type Kopa } from './support/fixtures';
import { byId, patchData, toast } from './support/payFlow';

const DETAILS = '/v3/loan-details/loan-details';
const SCORE = '/v3/loan-details/google-score';
const EVENT = '/service/event/save';

interface Order {
  orderId: string;
  productId: string;
}

async function openOrder(page: Page, kopa: Kopa, order: Order, path = '/loanDetail') {
  await kopa.open(path, { ...order });
  await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await expect(byId(page, 'productName')).not.toBeEmpty();
}

const statusIcon = (page: Page) =>
  byId(page, 'statusIcon').getByRole('img', { name: 'Status icon' });
const recommended = (page: Page) => page.getByRole('heading', { name: 'Recommended products' });
const actionButtons = ['REPAY', 'Rollover Repayment', 'Repayment', 'Borrow Again'];

async function expectButtons(page: Page, shown: string[]) {
  for (const name of actionButtons) {
    const button = page.getByRole('button', { name, exact: true });
    if (shown.includes(name)) await expect(button, name).toBeVisible();
    else await expect(button, name).toHaveCount(0);
  }
}

/**
 * The answer as an older backend sends it: the plain fields without the server's `view`.
 * Tests that change those fields drop `view`, so the client boundary derives it from them by the
 * same rules (src/contract/views.ts); the reference server's own view is checked by the others.
 */
function asOlderBackend(data: Record<string, unknown>): void {
  delete data.view;
}

/** Keeps the browser on the machine: any external host answers with a tiny page. */
async function stubExternal(page: Page, host: string): Promise<string[]> {
  const hits: string[] = [];
  await page.route(`https://${host}/**`, (route) => {
    hits.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!DOCTYPE html><title>External</title><h1>External page</h1>',
    });
  });
  return hits;
}

test.describe('loan details V3', () => {
  test('174 with isDelay 1: status, product, detail lines, REPAY and Rollover Repayment, no recommended products', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O174D', productId: 'P001' });
    await expect(page).toHaveTitle('Order Details');
    await expect(byId(page, 'noticeStatus')).toHaveText('Due today');
    await expect(byId(page, 'noticeDes')).toHaveText(
      'Your repayment is due today. Please repay to avoid penalties.',
    );
    await expect(byId(page, 'productName')).toHaveText('Kopa Cash');
    await expect(page.getByRole('img', { name: 'Kopa Cash logo' })).toHaveAttribute(
      'src',
      '/assets/demo/logo-kopa-cash.svg',
    );
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-174.svg');
    const detail = byId(page, 'detail');
    await expect(detail.getByText('Order No.')).toBeVisible();
    await expect(detail.getByText('O174D')).toBeVisible();
    await expect(detail.getByText('Loan amount')).toBeVisible();
    await expect(detail.getByText('TZS 200.000,00')).toBeVisible();
    await expect(detail.getByText('Amount due')).toBeVisible();
    await expect(recommended(page)).toHaveCount(0);
    await expectButtons(page, ['REPAY', 'Rollover Repayment']);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const [call] = kopa.apiTo(DETAILS);
    expect(call?.method).toBe('GET');
    expect(call?.query).toMatchObject({
      userId: DEMO.userId,
      sessionId: DEMO.sessionId,
      orderId: 'O174D',
      productId: 'P001',
    });
    expect(call?.headers['x-requested-with']).toBe('XMLHttpRequest');
    await kopa.screenshot('loan-detail');

    await page.getByRole('button', { name: 'Rollover Repayment' }).click();
    await expect(page).toHaveURL(/\/repayDelay\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('orderId')).toBe('O174D');
    expect(url.searchParams.get('productId')).toBe('P001');
    expect(url.searchParams.get('sessionId')).toBe(DEMO.sessionId);

    await page.goBack();
    await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'REPAY', exact: true }).click();
    await expect(page).toHaveURL(/\/repay\?.*orderId=O174D/);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('180 with isDelay 1 also offers REPAY and Rollover Repayment, with the 180 icon', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O180D', productId: 'P002' });
    await expect(byId(page, 'noticeStatus')).toHaveText('Overdue');
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-180.svg');
    await expect(recommended(page)).toHaveCount(0);
    await expectButtons(page, ['REPAY', 'Rollover Repayment']);
  });

  for (const [order, status] of [
    [{ orderId: 'O174N', productId: 'P002' }, '174'],
    [{ orderId: 'O180N', productId: 'P001' }, '180'],
  ] as const) {
    test(`${status} with isDelay not 1: one Repayment button to /repay (order page ${order.orderId})`, async ({
      page,
      kopa,
    }) => {
      await openOrder(page, kopa, order, '/order');
      await expect(statusIcon(page)).toHaveAttribute('src', `/assets/demo/status-${status}.svg`);
      await expect(recommended(page)).toHaveCount(0);
      await expectButtons(page, ['Repayment']);
      await page.getByRole('button', { name: 'Repayment', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/repay\\?.*orderId=${order.orderId}`));
      expect(new URL(page.url()).searchParams.get('productId')).toBe(order.productId);
    });
  }

  test('170: Repayment button, no recommended products, other statuses use the 200 icon', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O170', productId: 'P002' });
    await expect(byId(page, 'noticeStatus')).toHaveText('Repaying');
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-200.svg');
    await expect(recommended(page)).toHaveCount(0);
    await expectButtons(page, ['Repayment']);
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(page).toHaveURL(/\/repay\?.*orderId=O170/);
  });

  test('21 (review): stays on the page even with a redirect link; recommended products, no action buttons', async ({
    page,
    kopa,
  }) => {
    const hits = await stubExternal(page, 'pay.kopa.example');
    await patchData(page, DETAILS, (data) => {
      asOlderBackend(data);
      data.playeduL = 'https://pay.kopa.example/withdraw?o=O21';
      // isScore 1 opens the rating dialog, which only the no-redirect branch of the same onLoad does:
      // once it shows, the page has decided not to redirect.
      data.isScore = 1;
    });
    await openOrder(page, kopa, { orderId: 'O21', productId: 'P001' });
    const rating = page.getByRole('dialog', { name: 'Rate your loan experience' });
    await expect(rating).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loanDetail');
    expect(hits).toEqual([]);
    await rating.getByRole('button', { name: 'Not now' }).click();
    await expect(rating).toHaveCount(0);
    await expect(byId(page, 'noticeStatus')).toHaveText('Under review');
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-21.svg');
    await expect(recommended(page)).toBeVisible();
    await expectButtons(page, []);
    // Other products only: P002, P003 and the disabled P004.
    await expect(page.getByRole('button', { name: /Haraka Loan/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pesa Fast/ })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loanDetail');
    expect(hits).toEqual([]);
  });

  test('110 (failed): failed icon, recommended products; a tile opens its link, a disabled tile does nothing', async ({
    page,
    kopa,
  }) => {
    const hits = await stubExternal(page, 'kopa.example');
    await openOrder(page, kopa, { orderId: 'O110', productId: 'P002' });
    await expect(byId(page, 'noticeStatus')).toHaveText('Application failed');
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-failed.svg');
    await expect(recommended(page)).toBeVisible();
    await expectButtons(page, []);

    // P004 is disabled ('0'): a tap does nothing, no bridge call, no navigation. P001 has a deep
    // link, handed to the native app: tapped next, its call must be the only one (a call or a page
    // change from the P004 tap would have come first).
    await page.getByRole('button', { name: /Pesa Fast/ }).click();
    await page.getByRole('button', { name: /Kopa Cash/ }).click();
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([{ method: 'openLink', payload: { url: 'kopa://product/P001' } }]);
    expect(new URL(page.url()).pathname).toBe('/loanDetail');

    // P003 has an https link on the allowlist: the page leaves for it.
    await page.getByRole('button', { name: /Mkopo Plus/ }).click();
    await expect(page).toHaveURL('https://kopa.example/products/P003');
    expect(hits).toEqual(['https://kopa.example/products/P003']);
  });

  test('151 with a redirect link redirects there (allowlisted host)', async ({ page, kopa }) => {
    const hits = await stubExternal(page, 'pay.kopa.example');
    await patchData(page, DETAILS, (data) => {
      asOlderBackend(data);
      data.playeduL = 'https://pay.kopa.example/withdraw?o=O151';
    });
    await kopa.open('/loanDetail', { orderId: 'O151', productId: 'P003' });
    await expect(page).toHaveURL('https://pay.kopa.example/withdraw?o=O151');
    await expect(page.getByRole('heading', { name: 'External page' })).toBeVisible();
    expect(hits).toEqual(['https://pay.kopa.example/withdraw?o=O151']);
  });

  test('a redirect link off the allowlist is refused: the page stays and says so', async ({
    page,
    kopa,
  }) => {
    const hits = await stubExternal(page, 'evil.example');
    await patchData(page, DETAILS, (data) => {
      asOlderBackend(data);
      data.playeduL = 'https://evil.example/steal';
    });
    await openOrder(page, kopa, { orderId: 'O110', productId: 'P002' });
    await expect(toast(page)).toHaveText('This link cannot be opened.');
    expect(new URL(page.url()).pathname).toBe('/loanDetail');
    expect(hits).toEqual([]);
  });

  test('151: 151 icon, the Withdraw Now modal, then the bank-card reminder leading to the bind page', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O151', productId: 'P003' });
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-151.svg');
    await expect(recommended(page)).toBeVisible();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw Now' });
    await expect(withdraw).toBeVisible();
    await expect(
      withdraw.getByText('Your loan was approved and is being sent to your account.'),
    ).toBeVisible();
    await withdraw.getByRole('button', { name: 'Withdraw Now' }).click();
    await expect(withdraw).toHaveCount(0);

    const reminder = page.getByRole('dialog', { name: 'Check your account' });
    await expect(reminder).toBeVisible();
    await expect(
      reminder.getByText('Please make sure your payment account is correct before withdrawing.'),
    ).toBeVisible();
    await reminder.getByRole('button', { name: 'Change account' }).click();
    await expect(page).toHaveURL(/\/bindBank\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('loanDetail');
    expect(url.searchParams.get('orderId')).toBe('O151');
  });

  test('the bank-card reminder follows cardNeedPop, cardPopTitle and cardPopMsg; Confirm closes it', async ({
    page,
    kopa,
  }) => {
    await patchData(page, DETAILS, (data) => {
      asOlderBackend(data);
      data.cardNeedPop = 1;
      data.cardPopTitle = 'Account check';
      data.cardPopMsg = 'Your wallet number ends in 678.';
    });
    await openOrder(page, kopa, { orderId: 'O170', productId: 'P002' });
    const reminder = page.getByRole('dialog', { name: 'Account check' });
    await expect(reminder.getByText('Your wallet number ends in 678.')).toBeVisible();
    await reminder.getByRole('button', { name: 'Confirm' }).click();
    await expect(reminder).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Withdraw Now' })).toHaveCount(0);
  });

  test('200: Borrow Again logs the event (module 30, position 0) then opens the product detail page through the bridge', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O200', productId: 'P003' });
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-200.svg');
    // O200 asks for a rating; put it aside first.
    const rating = page.getByRole('dialog', { name: 'Rate your loan experience' });
    await rating.getByRole('button', { name: 'Not now' }).click();
    await expect(rating).toHaveCount(0);
    await expect(recommended(page)).toHaveCount(0);
    await expectButtons(page, ['Borrow Again']);

    await page.getByRole('button', { name: 'Borrow Again' }).click();
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([{ method: 'openLink', payload: { url: 'productDetail?productId=P003' } }]);
    const events = kopa.apiTo(EVENT);
    expect(events).toHaveLength(1);
    expect(events[0]?.method).toBe('POST');
    expect(events[0]?.body).toEqual({ productId: 'P003', moduleId: 30, positionId: 0 });
    expect(events[0]?.query).toMatchObject({ userId: DEMO.userId, sessionId: DEMO.sessionId });
  });

  test('rating: 0 stars toasts Please choose (Silakan pilih in Indonesian); fewer than 4 sends 5 and shows the result modal', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O200', productId: 'P003' });
    const rating = page.getByRole('dialog', { name: 'Rate your loan experience' });
    await expect(rating).toBeVisible();
    // Tapping outside does not close it.
    await page.mouse.click(10, 10);
    await expect(rating).toBeVisible();

    await rating.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page)).toHaveText('Please choose'); // 'Silakan pilih' on an Indonesian page
    expect(kopa.apiTo(SCORE)).toHaveLength(0);

    await rating.getByRole('radio', { name: '2 stars' }).click();
    await expect(rating.getByRole('radio', { name: '2 stars' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await rating.getByRole('button', { name: 'Submit' }).click();
    await expect(rating).toHaveCount(0);
    const result = page.getByRole('dialog', { name: 'Thank you for your feedback' });
    await expect(result).toBeVisible();
    const scores = kopa.apiTo(SCORE);
    expect(scores).toHaveLength(1);
    expect(scores[0]?.method).toBe('POST');
    expect(scores[0]?.body).toEqual({ score: 5, orderId: 'O200' });
    expect(await kopa.bridgeCalls()).toEqual([]);
    await result.getByRole('button', { name: 'OK' }).click();
    await expect(result).toHaveCount(0);
  });

  test('rating: 4 or more stars sends 5 and opens the native rating prompt', async ({
    page,
    kopa,
  }) => {
    await openOrder(page, kopa, { orderId: 'O200', productId: 'P003' });
    const rating = page.getByRole('dialog', { name: 'Rate your loan experience' });
    await rating.getByRole('radio', { name: '4 stars' }).click();
    await rating.getByRole('button', { name: 'Submit' }).click();
    await expect(rating).toHaveCount(0);
    await expect.poll(() => kopa.bridgeCalls()).toEqual([{ method: 'openRate', payload: {} }]);
    expect(kopa.apiTo(SCORE).map((r) => r.body)).toEqual([{ score: 5, orderId: 'O200' }]);
    await expect(page.getByRole('dialog', { name: 'Thank you for your feedback' })).toHaveCount(0);
  });

  test('no rating modal when isScore is not 1', async ({ page, kopa }) => {
    // The bank-card reminder opens in the same onLoad, just before the isScore check: once the
    // borrower has seen and closed it, a rating dialog would have opened by then.
    await patchData(page, DETAILS, (data) => {
      asOlderBackend(data);
      data.cardNeedPop = 1;
      data.cardPopTitle = 'Account check';
    });
    await openOrder(page, kopa, { orderId: 'O180N', productId: 'P001' });
    const reminder = page.getByRole('dialog', { name: 'Account check' });
    await reminder.getByRole('button', { name: 'Confirm' }).click();
    await expect(reminder).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("the screen follows the server's view, not its own reading of the status", async ({
    page,
    kopa,
  }) => {
    // A backend whose rules differ (here: rollover offered on a 170 order) changes the screen
    // without a layout change: the layout binds to view, it does not recompute it.
    await patchData(page, DETAILS, (data) => {
      data.view = {
        icon: '174',
        buttons: ['repay', 'rollover'],
        recommended: false,
        redirectUrl: '',
        dialog: '',
        rating: false,
      };
    });
    await openOrder(page, kopa, { orderId: 'O170', productId: 'P002' });
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-174.svg');
    await expectButtons(page, ['REPAY', 'Rollover Repayment']);
    await expect(recommended(page)).toHaveCount(0);
  });

  test('status codes given as strings follow the same rules', async ({ page, kopa }) => {
    await patchData(page, DETAILS, (data) => {
      asOlderBackend(data);
      data.orderStatus = '180';
      data.isDelay = '1';
    });
    await openOrder(page, kopa, { orderId: 'O180D', productId: 'P002' });
    await expect(statusIcon(page)).toHaveAttribute('src', '/assets/demo/status-180.svg');
    await expectButtons(page, ['REPAY', 'Rollover Repayment']);
  });
});
