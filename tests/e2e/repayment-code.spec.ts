import type { Page, Response } from '@playwright/test';
import qrcode from 'qrcode-generator';
import { DEMO, expect, test } from './support/fixtures';

/**
 * Repayment by code (spec 2 "Repayment by code", 3 "Repayment info", 8 "Code copy"):
 * /repaymentOfCode (type 1 pay code + channel image, type 2 QR with five tips), the variant
 * /repaymentOfCode2 and the payment guide /payGuide. Data: repayment-code-info of the real server
 * (server/routes/repayPages.ts); demo orders O180D (type 1) and O174D (type 2).
 */

interface CodeInfo {
  type: 1 | 2;
  repayAmount?: number;
  delayInfo: { delayAmount: number };
  currencyFlag: number;
  payCode: string;
  channelImage: string;
  qrContent: string;
  defDetail: {
    logo: string;
    payCode: string;
    payNotice: Record<string, { name: string; steps: string[] }[]>;
  };
}

const TYPE1 = { orderId: 'O180D', productId: 'P002' };
const TYPE2 = { orderId: 'O174D', productId: 'P001' };
const INFO_PATH = '/v3/loan-details/repayment-code-info';

/** 1234567 cents -> "12.345,67" (contract section 3). */
function money(cents: number): string {
  const [int, dec] = (cents / 100).toFixed(2).split('.');
  return `${(int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec ?? '00'}`;
}

/** Opens a page and returns the repayment-code-info data the server answered with. */
async function openWithInfo(
  page: Page,
  kopa: { open(p: string, q?: Record<string, string>): Promise<void> },
  path: string,
  query: Record<string, string>,
): Promise<CodeInfo> {
  const answer = page.waitForResponse((r: Response) => r.url().includes(INFO_PATH));
  await kopa.open(path, query);
  const body = (await (await answer).json()) as { code: number; data: CodeInfo };
  expect(body.code).toBe(0);
  return body.data;
}

/** Rewrites the server's answer before the page sees it. */
async function patchInfo(
  page: Page,
  patch: (data: Record<string, unknown>) => void,
): Promise<void> {
  await page.route(`**/vexed${INFO_PATH}**`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    patch(body.data);
    await route.fulfill({ response, json: body });
  });
}

/** The dark-module runs the QR view must draw for a value (quiet zone 4, error correction M). */
function expectedRuns(value: string): string[] {
  const qr = qrcode(0, 'M');
  qr.addData(value, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const runs: string[] = [];
  for (let row = 0; row < n; row++) {
    let start = -1;
    for (let col = 0; col <= n; col++) {
      const dark = col < n && qr.isDark(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push(`${start + 4},${row + 4},${col - start}`);
        start = -1;
      }
    }
  }
  return runs;
}

const toast = (page: Page) => page.getByRole('status').filter({ hasText: /./ });
const byId = (page: Page, id: string) => page.locator(`[data-node-id="${id}"]`);

test.describe('/repaymentOfCode', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('type 1: the amount with the currency symbol, a copyable pay code and the channel image', async ({
    page,
    kopa,
  }) => {
    const info = await openWithInfo(page, kopa, '/repaymentOfCode', TYPE1);
    expect(info.type).toBe(1);
    await expect(page.getByRole('heading', { name: 'Repayment', exact: true })).toBeVisible();
    // The spec's system param: 1 rupee, any other value peso (spec section 1).
    expect(info.currencyFlag).toBe(0);
    await expect(byId(page, 'amount')).toHaveText(`₱ ${money(info.repayAmount ?? 0)}`);
    await expect(page.locator('#payCode')).toContainText('Pay code');
    await expect(page.locator('#payCode')).toContainText('KPO180D7731');
    const channel = page.getByRole('button', { name: 'Payment channel' });
    await expect(channel.getByRole('img')).toHaveAttribute('src', '/assets/demo/channel-mpesa.svg');
    await expect(page.getByRole('img', { name: /Scan to pay/ })).toHaveCount(0);

    const calls = kopa.apiTo(INFO_PATH);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.query).toMatchObject({
      userId: DEMO.userId,
      sessionId: DEMO.sessionId,
      orderId: 'O180D',
    });
    expect(calls[0]?.body).toEqual({ productId: 'P002', orderId: 'O180D' });
    await kopa.screenshot('repayment-of-code');

    await page.locator('#payCode').getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page)).toHaveText('copy success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('KPO180D7731');

    // Tap-to-enlarge on the channel image.
    await channel.click();
    const zoom = page.getByRole('dialog', { name: 'Payment channel' });
    await expect(zoom).toBeVisible();
    await zoom.click();
    await expect(zoom).toHaveCount(0);
    expect(await kopa.bridgeCalls()).toEqual([]);
    expect(await kopa.cspViolations()).toEqual([]);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('type 2: a QR code of the qrContent with the five scan-and-pay tips, and no pay code', async ({
    page,
    kopa,
  }) => {
    const info = await openWithInfo(page, kopa, '/repaymentOfCode', TYPE2);
    expect(info.type).toBe(2);
    await expect(byId(page, 'amount')).toHaveText(`₱ ${money(info.repayAmount ?? 0)}`); // flag 0: peso (spec 1)
    const qr = page.getByRole('img', { name: 'Scan to pay with your e-wallet app' });
    await expect(qr).toBeVisible();
    const drawn = await qr
      .locator('rect[fill="#000"]')
      .evaluateAll((rects) =>
        rects.map(
          (r) => `${r.getAttribute('x')},${r.getAttribute('y')},${r.getAttribute('width')}`,
        ),
      );
    expect(drawn).toEqual(expectedRuns(info.qrContent));
    expect(info.qrContent).toContain('KPO174D7731');
    await expect(page.getByText('How to scan and pay')).toBeVisible();
    await expect(page.locator('#qr ol li')).toHaveText([
      'Open your mobile money or banking app and choose Scan QR (Lipa kwa QR).',
      'Point the camera at the code above and hold the phone steady until it reads.',
      'Check that the merchant is KOPA and the amount is the one shown on this page.',
      'Confirm the payment with your PIN; never share your PIN with anyone.',
      'Keep the payment SMS or receipt until your repayment shows in the app.',
    ]);
    await expect(page.locator('#payCode')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Payment channel' })).toHaveCount(0);
    expect(kopa.apiTo(INFO_PATH)[0]?.body).toEqual({ productId: 'P001', orderId: 'O174D' });
  });

  test('the system param 1 shows the rupee symbol', async ({ page, kopa }) => {
    await patchInfo(page, (d) => {
      d.currencyFlag = 1;
      d.repayAmount = 1234567;
    });
    await kopa.open('/repaymentOfCode', TYPE1);
    await expect(byId(page, 'amount')).toHaveText('₹ 12.345,67');
  });

  test('the guide link opens /payGuide with the session query', async ({ page, kopa }) => {
    await kopa.open('/repaymentOfCode', TYPE1);
    await page.getByRole('button', { name: 'How to pay by e-wallet or at a store' }).click();
    await expect(page).toHaveURL(/\/payGuide\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('userId')).toBe(DEMO.userId);
    expect(url.searchParams.get('orderId')).toBe('O180D');
    await expect(page.getByRole('heading', { name: 'How to pay', exact: true })).toBeVisible();
  });
});

test.describe('/repaymentOfCode2', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('logo, contract code with copy, total payment, grouped instructions and the deposit slip note', async ({
    page,
    kopa,
  }) => {
    const info = await openWithInfo(page, kopa, '/repaymentOfCode2', TYPE1);
    await expect(page.getByRole('img', { name: 'Payment logo' })).toHaveAttribute(
      'src',
      info.defDetail.logo,
    );
    await expect(page.locator('#contractCode')).toContainText('Contract / payment code');
    await expect(page.locator('#contractCode')).toContainText(info.defDetail.payCode);
    await expect(byId(page, 'totalRow').locator('p')).toHaveText([
      'Total payment',
      `TZS ${money(info.repayAmount ?? 0)}`,
    ]);

    // One heading per channel group, the channel names and their numbered steps, in server order.
    const groups = Object.entries(info.defDetail.payNotice);
    expect(groups.length).toBeGreaterThan(1);
    await expect(byId(page, 'groupTitle')).toHaveText(groups.map(([heading]) => heading));
    await expect(byId(page, 'channelName')).toHaveText(
      groups.flatMap(([, items]) => items.map((i) => i.name)),
    );
    await expect(byId(page, 'step')).toHaveText(
      groups.flatMap(([, items]) => items.flatMap((i) => i.steps.map((s, n) => `${n + 1}. ${s}`))),
    );
    await expect(page.getByText('Mobile money', { exact: true })).toBeVisible();
    await expect(page.getByText('1. Dial *150*00#')).toBeVisible();
    await expect(byId(page, 'slipNote')).toHaveText(
      'Please keep the deposit slip as proof of payment until your repayment shows in the app.',
    );
    await kopa.screenshot('repayment-of-code-2');

    await page.locator('#contractCode').getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page)).toHaveText('copy success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(info.defDetail.payCode);
    expect(kopa.apiTo(INFO_PATH)[0]?.body).toEqual({ productId: 'P002', orderId: 'O180D' });
    expect(await kopa.cspViolations()).toEqual([]);
    expect(kopa.pageErrors).toEqual([]);
  });

  test('without repayAmount the total is the deferral amount', async ({ page, kopa }) => {
    await patchInfo(page, (d) => {
      delete d.repayAmount;
      d.delayInfo = { delayAmount: 3_000_000 };
    });
    await kopa.open('/repaymentOfCode2', TYPE1);
    await expect(byId(page, 'totalRow').locator('p')).toHaveText([
      'Total payment',
      'TZS 30.000,00',
    ]);
  });
});

test('/payGuide: e-wallet and offline store guidance with tap-to-enlarge images', async ({
  page,
  kopa,
}) => {
  await kopa.open('/payGuide');
  await expect(page.getByRole('heading', { name: 'How to pay', exact: true })).toBeVisible();
  const walletTab = page.getByRole('tab', { name: 'E-wallet bill payment' });
  await expect(walletTab).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByText('Choose Lipa kwa Simu / Pay bills and enter the business number 400200.', {
      exact: false,
    }),
  ).toBeVisible();

  const menu = page.getByRole('button', {
    name: 'E-wallet menu: pay bills with business number 400200',
  });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-wallet confirmation screen' })).toBeVisible();
  await menu.click();
  const zoom = page.getByRole('dialog', {
    name: 'E-wallet menu: pay bills with business number 400200',
  });
  await expect(zoom).toBeVisible();
  await zoom.getByRole('button', { name: 'Close' }).click();
  await expect(zoom).toHaveCount(0);

  await page.getByRole('tab', { name: 'Offline store' }).click();
  await expect(page.getByRole('tab', { name: 'Offline store' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(menu).toHaveCount(0);
  await expect(
    page.getByText('Keep the deposit slip as proof of payment.', { exact: false }),
  ).toBeVisible();
  const store = page.getByRole('button', { name: 'Paying at an agent or store' });
  await store.click();
  const storeZoom = page.getByRole('dialog', { name: 'Paying at an agent or store' });
  await expect(storeZoom).toBeVisible();
  await storeZoom.click();
  await expect(storeZoom).toHaveCount(0);
  expect(kopa.api).toEqual([]);
  expect(await kopa.cspViolations()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});
