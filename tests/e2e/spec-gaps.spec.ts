/**
 * What a backend that sends only what the spec names must still get right (spec sections 3, 4
 * and 9, contract section 9): each case answers its screen's calls with the generated
 * spec-minimal answer (tests/fixtures/spec-answers/), changed only where the case says, in the
 * built app in Debian's Chromium. /repay's payment account is also tried on the reference server.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { hostBack, retention } from './support/confirmFlow';
import { expectWhole, minimal, specBackend } from './support/specBackend';
import { byId, payNow, reminder, VCODE } from './support/payFlow';

const ORDER = { orderId: 'O174D', productId: 'P001' };

/** The spec-minimal answer of `endpoint` with its data changed by `change`. */
function answer(endpoint: string, change: (data: Record<string, unknown>) => void): unknown {
  const body = minimal(endpoint);
  change(body.data as Record<string, unknown>);
  return body;
}

/**
 * A finger pulling the page down from near its top and letting go: real touch events through the
 * DevTools protocol (the page has touch on), in steps as a finger moves.
 */
async function pullDown(page: Page, distance: number): Promise<void> {
  await expect(page.locator('[data-pull="ready"]')).toHaveCount(1);
  const cdp = await page.context().newCDPSession(page);
  const x = 195;
  const y0 = 140;
  const touch = (y: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touch(y0) });
  for (let step = 1; step <= 8; step += 1)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: touch(y0 + (distance * step) / 8),
    });
  await expect(page.getByText('Release to refresh')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('contract 9: the retention popup title', () => {
  for (const [what, change] of [
    ['empty', (d: Record<string, unknown>) => (d.popTitle = '')],
    ['missing', (d: Record<string, unknown>) => delete d.popTitle],
  ] as const)
    test(`popTitle ${what}: host back shows the popup titled 'Point out' with popContent`, async ({
      page,
      kopa,
    }) => {
      await specBackend(page, {
        loanConfirmDetail: answer('loanConfirmDetail', (d) => {
          d.isPopType = 1;
          d.popContent = 'Are you sure you want to leave?';
          change(d);
        }),
      });
      await kopa.open('/confirm', { productId: 'P001' });
      await expect(page.getByRole('button', { name: 'Loan Now' })).toBeEnabled();
      expect(await hostBack(page)).toBe(true);
      await expect(retention(page)).toBeVisible();
      await expect(retention(page)).toContainText('Are you sure you want to leave?');
    });
});

test.describe('contact info: a missing optional field costs only its own node', () => {
  test('smWa without email: the page shows the WhatsApp number, no e-mail row, no error page', async ({
    page,
    kopa,
  }) => {
    await specBackend(page, {
      contactKfInfo: answer('contactKfInfo', (d) => {
        delete d.email;
        d.smWa = '+255 711 222 333';
      }),
    });
    await kopa.open('/customerService');
    await expect(byId(page, 'phoneValue')).toHaveText('+255 711 222 333');
    await expect(byId(page, 'emailRow')).toHaveCount(0);
    await expect(page.getByText('We could not load this page')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Call customer service' }).click();
    await expect
      .poll(() => kopa.bridgeCalls())
      .toEqual([{ method: 'callService', payload: { phone: '+255 711 222 333' } }]);
    // The missing field the spec names is reported once, for the people who run the backend.
    expect((await kopa.reports()).filter((r) => r.kind === 'response')).toEqual([
      expect.objectContaining({
        message: 'contactKfInfo: contact-kf-info.response: data.email is missing',
      }),
    ]);
  });
});

test.describe('pull to refresh (spec 4 and 9, contract 9)', () => {
  for (const path of ['/loanDetail', '/order'])
    test(`${path}: a pull from the top asks loan details again and shows the new status`, async ({
      page,
      kopa,
    }) => {
      const called = await specBackend(page, {
        loanDetails: (n: number) =>
          answer('loanDetails', (d) => {
            if (n > 1) d.noticeStatusText = 'Repaid in full';
          }),
      });
      await kopa.open(path, ORDER);
      await expect(page.getByText('Repaying').first()).toBeVisible();
      await expectWhole(page, kopa);
      await pullDown(page, 150);
      await expect(page.getByText('Repaid in full').first()).toBeVisible();
      await expect(page.getByText('Refreshed')).toBeVisible();
      expect(called.filter((e) => e === 'loanDetails')).toHaveLength(2);
      await expect(page.getByText('Refreshed')).toHaveCount(0);
    });

  test('/complaintList: a pull asks the list again and shows a complaint filed meanwhile', async ({
    page,
    kopa,
  }) => {
    const called = await specBackend(page, {
      problemList: (n: number) =>
        answer('problemList', (d) => {
          const tabs = d.tabs as { list: { content: string }[] }[];
          if (n > 1) tabs[0]!.list[0]!.content = 'The agent was rude on the phone.';
        }),
    });
    await kopa.open('/complaintList');
    await expect(page.getByText('They called me at night.').first()).toBeVisible();
    await pullDown(page, 150);
    await expect(page.getByText('The agent was rude on the phone.')).toBeVisible();
    expect(called.filter((e) => e === 'problemList')).toHaveLength(2);
  });

  test('a short pull (below 25 px of travel) asks nothing', async ({ page, kopa }) => {
    const called = await specBackend(page);
    await kopa.open('/loanDetail', ORDER);
    await expect(page.getByText('Repaying').first()).toBeVisible();
    await expect(page.locator('[data-pull="ready"]')).toHaveCount(1);
    const cdp = await page.context().newCDPSession(page);
    const at = (y: number) => [{ x: 195, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(140) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(170) });
    await expect(page.getByText('Pull to refresh')).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByText('Pull to refresh')).toHaveCount(0);
    expect(called.filter((e) => e === 'loanDetails')).toHaveLength(1);
  });
});

test.describe("spec 3: the repayment info kept under the spec's own key", () => {
  const SPEC_SHAPED = {
    repayAmount: 1_234_500,
    delayInfo: { delayAmount: 0 },
    defDetail: {
      logo: '/assets/demo/pay-logo.svg',
      payCode: 'KP-SPEC-0042',
      payNotice: { 'M-Pesa': [{ name: 'Pay bill', steps: ['Open the M-Pesa app.'] }] },
    },
  };

  for (const path of ['/repaymentOfCode2', '/repaymentOfCode'])
    test(`${path}: the call fails; the value stored as repaymentInfo (no orderId) is shown`, async ({
      page,
      kopa,
    }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('repaymentInfo', JSON.stringify(value));
      }, SPEC_SHAPED);
      const called = await specBackend(page, { repaymentCodeInfo: 'abort' });
      await kopa.open(path, ORDER);
      await expect(page.getByText('KP-SPEC-0042')).toBeVisible();
      await expect(page.getByText('12.345,00')).toBeVisible();
      await expect(page.getByText('We could not load this page')).toHaveCount(0);
      expect(called).toContain('repaymentCodeInfo');
    });
});

test.describe('/repay: the bound account and the account number are one choice', () => {
  test('reference server: the bound wallet is chosen, no empty number beside it; Pay Now sends it; Another number sends the typed one', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/repay', ORDER);
    const bound = page.getByRole('tab', { name: 'Bound account M-Pesa **** 5678' });
    await expect(bound).toHaveAttribute('aria-selected', 'true');
    await expect(byId(page, 'payFromNote')).toHaveText(
      'The payment request goes to your bound account M-Pesa **** 5678.',
    );
    await expect(page.getByLabel('Account number')).toHaveCount(0);
    await payNow(page).click();
    await expect(reminder(page)).toContainText('was sent to your wallet');
    // The page never had the whole number: it sends none, and the server uses the bound wallet.
    expect(kopa.apiTo(VCODE)[0]?.body).toMatchObject({ cardNo: '', bankCode: '90006' });
    await reminder(page).getByRole('button').first().click();

    await page.getByRole('tab', { name: 'Another number' }).click();
    await expect(byId(page, 'payFromNote')).toHaveCount(0);
    // The number is required there (tests/e2e/repay-edges.spec.ts: nothing is sent without it).
    const account = page.getByLabel('Account number');
    await expect(account).toHaveValue('');
    await account.fill('0655000111');
    await payNow(page).click();
    await expect(reminder(page)).toBeVisible();
    expect(kopa.apiTo(VCODE)[1]?.body).toMatchObject({ cardNo: '0655000111' });
  });

  test('spec-only answer with the bound wallet in full: Pay Now sends its number and wallet type', async ({
    page,
    kopa,
  }) => {
    await specBackend(page, {
      installmentPlan: answer('installmentPlan', (d) => {
        d.bankList = [
          { name: 'Tigo Pesa', type: '90007' },
          { name: 'M-Pesa', type: '90006' },
        ];
      }),
    });
    await kopa.open('/repay', ORDER);
    await expect(
      page.getByRole('tab', { name: 'Bound account M-Pesa 0712 345 678' }),
    ).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Account number')).toHaveCount(0);
    await expectWhole(page, kopa);
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(VCODE));
    await payNow(page).click();
    expect((await sent).postDataJSON()).toMatchObject({
      cardNo: '0712345678',
      bankCode: '90006',
      isDelay: 0,
    });
    await expect(reminder(page)).toBeVisible();
  });

  test('spec-only answer whose bound account is no offered wallet: it says so, and the number is asked for', async ({
    page,
    kopa,
  }) => {
    await specBackend(page);
    await kopa.open('/repay', ORDER);
    await expect(page.getByRole('tab', { name: /Bound account/ })).toHaveCount(0);
    await expect(byId(page, 'boundNotWallet')).toHaveText(
      'Your bound account M-Pesa 0712 345 678 takes no wallet payment: choose the wallet and enter the number to pay from.',
    );
    await expect(page.getByLabel('Account number')).toBeVisible();
  });
});
