import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ROUTES, routeQuery } from './support/routeQueries';

/*
 * The language comes from the host (`lang` in the query) and `<html lang>` follows it;
 * catalogue text on three screens in English, Chinese and Indonesian. Data screens show designed
 * loading, error and empty states (header kept, Retry, a way out), with screenshots at 390x844 in
 * artifacts/screenshots/states/. And one type scale: no route shows more than 4 text sizes.
 */

const SCREENS = [
  {
    path: '/customerService',
    texts: {
      en: ['Online service', 'Contact us'],
      zh: ['在线客服', '联系我们'],
      id: ['Layanan online', 'Hubungi kami'],
    },
  },
  {
    path: '/payGuide',
    texts: {
      en: ['How to pay', 'Pay a bill from your e-wallet'],
      zh: ['如何还款', '用电子钱包缴费'],
      id: ['Cara membayar', 'Bayar tagihan dari dompet digital Anda'],
    },
  },
  {
    path: '/download',
    texts: {
      en: ['Download the Kopa app', 'Download now'],
      zh: ['下载 Kopa 应用', '立即下载'],
      id: ['Unduh aplikasi Kopa', 'Unduh sekarang'],
    },
  },
] as const;

for (const lang of ['en', 'zh', 'id'] as const) {
  test(`language ${lang}: catalogue text on three screens, <html lang="${lang}">`, async ({
    page,
    kopa,
  }) => {
    for (const screen of SCREENS) {
      await kopa.open(screen.path, { ...(lang === 'en' ? {} : { lang }), templateId: 'default' });
      const [heading, other] = screen.texts[lang];
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(other, { exact: true }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    await kopa.screenshot(`states/language-${lang}-download`);
  });
}

/*
 * The money screens in Chinese and Indonesian: every label of the layout comes from the catalogue
 * (messages/layouts/<lang>.json, loaded beside the screen's widget chunks), none stays English.
 * (Lines the server sends, such as the detail rows' titles, are the server's words.)
 */
const MONEY = [
  {
    path: '/repay',
    query: { orderId: 'O174D', productId: 'P001' },
    texts: {
      zh: ['还款详情', '还款金额', '修改金额', '付款账户', '立即还款', '全选'],
      id: [
        'Rincian Pembayaran',
        'Jumlah pembayaran',
        'Ubah jumlah',
        'Akun pembayaran',
        'Bayar Sekarang',
        'Pilih semua',
      ],
    },
    english: ['Modify amount', 'Select all', 'Pay Now'],
  },
  {
    path: '/loanDetail',
    query: { orderId: 'O170', productId: 'P002' },
    texts: {
      zh: ['订单详情', '还款', '客服电话：'],
      id: ['Rincian Pesanan', 'Pembayaran', 'Telepon layanan:'],
    },
    english: ['Order Details', 'Repayment'],
  },
  {
    path: '/confirm',
    query: { productId: 'P001' },
    texts: {
      zh: [
        '借款确认',
        '借款金额',
        '借款期限',
        '收款账户',
        '还款计划',
        '我已阅读并同意',
        '立即借款',
      ],
      id: [
        'Konfirmasi Pinjaman',
        'Jumlah pinjaman',
        'Jangka waktu pinjaman',
        'Akun penerima',
        'Rencana',
        'Saya telah membaca dan menyetujui',
        'Pinjam Sekarang',
      ],
    },
    english: ['Loan term', 'Receiving account', 'Loan Now'],
  },
] as const;

for (const lang of ['zh', 'id'] as const) {
  test(`money screens in ${lang}: /repay, /loanDetail and /confirm read the catalogue`, async ({
    page,
    kopa,
  }) => {
    for (const screen of MONEY) {
      await kopa.open(screen.path, { ...screen.query, lang });
      const [heading, ...others] = screen.texts[lang];
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const text of others)
        await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      for (const text of screen.english)
        await expect(page.getByText(text, { exact: true })).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    await kopa.screenshot(`states/language-${lang}-confirm`);
  });
}

// The texts the first screen shows come in the page, in its language; the layouts' whole
// texts chunk is not preloaded (it loads once the screen is up). zh and id still preload their
// app texts (messages/<lang>.json), one chunk; English has those in the entry.
test("the first screen's texts come in the page in every language; the layouts' texts chunk is not preloaded", async ({
  request,
}) => {
  const payNow = { en: 'Pay Now', zh: '立即还款', id: 'Bayar Sekarang' };
  for (const lang of ['en', 'zh', 'id'] as const) {
    const html = await (
      await request.get(
        `/repay?orderId=O174D&productId=P001&userId=10001&sessionId=demo-session${lang === 'en' ? '' : `&lang=${lang}`}`,
      )
    ).text();
    const block = new RegExp(
      `<script type="application/json" id="kopa-texts" data-lang="${lang}">([^<]*)</script>`,
    ).exec(html);
    expect(JSON.parse(block?.[1] ?? '{}')['repay.payNow'], lang).toBe(payNow[lang]);
    const catalogueLinks =
      html.match(/<link rel="modulepreload" href="\/assets\/(en|zh|id)-[\w-]+\.js">/g) ?? [];
    expect(catalogueLinks.length, lang).toBe(lang === 'en' ? 0 : 1);
  }
});

test("the language survives in-app navigation, and the app's own toasts are in it (no English or Chinese mix)", async ({
  page,
  kopa,
}) => {
  await kopa.open('/complaintList', { lang: 'id' });
  await expect(page.getByRole('heading', { level: 1, name: 'Keluhan saya' })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali ke keluhan' }).click();
  await expect(page).toHaveURL(/lang=id/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
});

test('the server-painted frame is in the language too: <html lang> and the header title before any script', async ({
  request,
}) => {
  const html = await (
    await request.get('/customerService?lang=zh&userId=10001&sessionId=demo-session')
  ).text();
  expect(html).toContain('<html lang="zh">');
  expect(html).toContain('<h1 class="k-page-header__title">在线客服</h1>');
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/zh-[\w-]+\.js">/);
  const english = await (
    await request.get('/customerService?userId=10001&sessionId=demo-session')
  ).text();
  expect(english).toContain('<html lang="en">');
  expect(english).toContain('<h1 class="k-page-header__title">Online service</h1>');
});

test('an unknown language falls back to English', async ({ page, kopa }) => {
  await kopa.open('/customerService', { lang: 'fr' });
  await expect(page.getByRole('heading', { level: 1, name: 'Online service' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

/** Holds the answers of one API path until `release` is called. */
async function holdApi(page: Page, pathEnd: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/vexed/**${pathEnd}*`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('designed states at 390x844', () => {
  test('loading (slow answer): header and back kept, "Loading..." below, then the screen', async ({
    page,
    kopa,
  }) => {
    const release = await holdApi(page, '/contact-kf-info');
    await kopa.open('/customerService');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Online service' })).toBeVisible();
    await expect(page.getByRole('button', { name: /back/i })).toBeVisible();
    await kopa.screenshot('states/customer-service-loading');
    release();
    await expect(page.getByRole('button', { name: 'Call customer service' })).toBeVisible();
  });

  test('error: a raw "Internal Server Error" is never shown; Retry loads again; Close is the way out', async ({
    page,
    kopa,
  }) => {
    let failing = true;
    await page.route('**/vexed/**/contact-kf-info*', async (route) => {
      if (!failing) return route.continue();
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: '500', message: 'Internal Server Error' }),
      });
    });
    await kopa.open('/customerService');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
    await expect(alert).toContainText(
      'Something went wrong on our side. Please try again in a moment.',
    );
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Online service' })).toBeVisible();
    await kopa.screenshot('states/customer-service-error');
    await alert.getByRole('button', { name: 'Close' }).click();
    // The bridge is a chunk of its own, loaded at the first call if the screen has not loaded it yet.
    await expect
      .poll(async () => (await kopa.bridgeCalls()).map((c) => c.method))
      .toEqual(['closeWebView']);
    failing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Call customer service' })).toBeVisible();
    expect(kopa.apiTo('/contact-kf-info')).toHaveLength(2);
  });

  test("error in Chinese, offline: the app's own line; Back goes to the parent page", async ({
    page,
    kopa,
  }) => {
    await page.route('**/vexed/**/problem-list*', (route) => route.abort('internetdisconnected'));
    await kopa.open('/complaintList', { lang: 'zh' });
    const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await expect(alert).toContainText('网络错误，请检查网络后重试。');
    // The first requests start only once the catalogue is in: the toast is Chinese too.
    await expect(page.locator('.k-toast')).toHaveText('网络错误，请检查网络后重试。');
    await kopa.screenshot('states/complaint-list-error-zh');
    await alert.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/complainPage\?/);
  });

  test("empty: header and back kept, the layout's empty text, a way out", async ({
    page,
    kopa,
  }) => {
    await page.route('**/vexed/**/problem-list*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, message: 'ok', data: { tabs: [] } }),
      }),
    );
    await kopa.open('/complaintList');
    await expect(page.getByRole('heading', { level: 2, name: 'No complaints yet' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My complaints' })).toBeVisible();
    await kopa.screenshot('states/complaint-list-empty');
    await page.getByRole('status').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/complainPage\?/);
  });

  // Answers that pass the response schema but hold nothing to show: the real answer with its
  // substance taken out (no installments at all; an offer of 0; an order with no product and no lines).
  const emptyScreens: {
    path: string;
    api: string;
    query: Record<string, string>;
    title: string;
    empty: string;
    patch: (data: Record<string, unknown>) => void;
  }[] = [
    {
      path: '/repay',
      api: '/loan-play-detail-yd',
      query: { orderId: 'O174D', productId: 'P001' },
      title: 'Repayment Details',
      empty: 'There is no repayment plan for this order.',
      patch: (d) =>
        void (d.repayPlanDetail = { repayWaitCount: 0, repayWaitDetail: [], repayYetDetail: [] }),
    },
    {
      path: '/loanDetail',
      api: '/loan-details/loan-details',
      query: { orderId: 'O170', productId: 'P002' },
      title: 'Order Details',
      empty: 'This order could not be found.',
      patch: (d) => void Object.assign(d, { productName: '', userOrderDetail: { detail: [] } }),
    },
    {
      path: '/confirm',
      api: '/loan-detail-confirm',
      query: { productId: 'P001' },
      title: 'Loan Confirmation',
      empty: 'This loan offer is not available right now.',
      patch: (d) => void (d.amount = 0),
    },
  ];
  for (const screen of emptyScreens) {
    test(`empty answer on ${screen.path}: the designed empty state, header and back kept, no blank labels`, async ({
      page,
      kopa,
    }) => {
      await page.route(`**/vexed/**${screen.api}*`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        screen.patch(body.data);
        await route.fulfill({ response, json: body });
      });
      await kopa.open(screen.path, screen.query);
      await expect(page.getByRole('heading', { level: 2, name: screen.empty })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
      await expect(
        page.getByRole('status').getByRole('button', { name: /^(Back|Close)$/ }),
      ).toBeVisible();
      await expect(page.getByText('Pay Now')).toHaveCount(0);
      await expect(page.getByText('Loan Now')).toHaveCount(0);
      await kopa.screenshot(`states/${screen.path.slice(1)}-empty`);
    });
  }

  test('empty in Indonesian', async ({ page, kopa }) => {
    await page.route('**/vexed/**/problem-list*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, message: 'ok', data: { tabs: [] } }),
      }),
    );
    await kopa.open('/complaintList', { lang: 'id' });
    await expect(page.getByRole('heading', { level: 2, name: 'Belum ada keluhan' })).toBeVisible();
    await kopa.screenshot('states/complaint-list-empty-id');
  });
});

/* One type scale: the distinct computed font sizes of visible text on each route (<= 4). */

test('type scale: no route shows more than 4 text sizes', async ({ page, kopa }) => {
  test.setTimeout(180_000);
  const lines: string[] = [];
  const over: string[] = [];
  for (const [key, { path }] of Object.entries(ROUTES.pages)) {
    await kopa.open(path, routeQuery(key));
    await kopa.settled();
    const sizes = await page.evaluate(() => {
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || (n.textContent ?? '').trim() === '') continue;
        if (el.closest('[aria-hidden="true"], script, style, [hidden]')) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        found.add(getComputedStyle(el).fontSize);
      }
      return [...found].sort((a, b) => parseFloat(a) - parseFloat(b));
    });
    lines.push(`${path}: ${sizes.length} (${sizes.join(' ')})`);
    if (sizes.length > 4) over.push(`${path}: ${sizes.join(' ')}`);
  }
  console.log(`text sizes per route:\n  ${lines.join('\n  ')}`);
  expect(over).toEqual([]);
});
