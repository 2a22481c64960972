/**
 * What a first visit loads: the layout the server checked comes stamped, so the page
 * does not fetch the layout validators for it; the screen's own texts come in the page, so it does
 * not fetch the layouts' texts chunk either. Both load only once the screen is up with its data,
 * and the next screen (in-app navigation) finds its texts. In Chinese the page's texts are Chinese.
 */
import { createHash } from 'node:crypto';
import { expect, test } from './support/fixtures';

const SESSION = { orderId: 'O170', productId: 'P002' };

/** ms since navigation start at which a button with `label` was first enabled (set in the page). */
async function watchEnabled(page: import('@playwright/test').Page, label: string): Promise<void> {
  await page.addInitScript(`(() => {
    const label = ${JSON.stringify(label)};
    const check = () => {
      if (window.__enabledAt !== undefined) return;
      for (const b of document.querySelectorAll('button')) {
        if (!b.disabled && b.textContent.trim() === label) { window.__enabledAt = performance.now(); return; }
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  })();`);
}

/** Start times (ms since navigation start) of the page's requests for scripts matching `pattern`. */
function startsOf(page: import('@playwright/test').Page, pattern: string): Promise<number[]> {
  return page.evaluate((source) => {
    const re = new RegExp(source);
    return performance
      .getEntriesByType('resource')
      .filter((e) => re.test(new URL(e.name).pathname))
      .map((e) => e.startTime);
  }, pattern);
}

test('the first screen loads no validators at all and no texts chunk before it is up; the next screen has its texts', async ({
  page,
  kopa,
}) => {
  await watchEnabled(page, 'Pay Now');
  await kopa.open('/repay', SESSION);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Repayment Details' })).toBeVisible();
  const enabledAt = await page.evaluate(
    () => (window as unknown as { __enabledAt: number }).__enabledAt,
  );

  // The texts for later screens load after the screen is up; layout validators never load: the
  // app reads layouts the server compiled and has none.
  await expect.poll(() => startsOf(page, '^/assets/en-[^/]+\\.js$')).toHaveLength(1);
  for (const start of await startsOf(page, '^/assets/en-[^/]+\\.js$'))
    expect(start).toBeGreaterThan(enabledAt);
  expect(await startsOf(page, '^/assets/app-[^/]+\\.js$')).toEqual([]);

  // In-app navigation: the next screen's texts come from the chunk, its layout stamped by the server.
  await page.getByText('Pay with a repayment code instead').click();
  await expect(page).toHaveURL(/\/repaymentOfCode\?/);
  await expect(page.getByText('Pay with this code')).toBeVisible();
  await expect(page.getByText('How to pay by e-wallet or at a store')).toBeVisible();
  expect(kopa.pageErrors).toEqual([]);
  expect(await kopa.reports()).toEqual([]);
});

// On a slow phone every module file a page takes in costs the main thread several ms,
// and the entry runs only once its static imports are in. /repay used to load 13 scripts before
// Pay Now; the shared widgets now come as one chunk and the early script comes in the page. The
// message catalogue's runtime, once a chunk the entry imported, is in the entry itself.
test("/repay's first visit loads three script files before Pay Now (the entry, the shared widgets, the plan's response check); the early script is in the page, allowed by its hash", async ({
  page,
  kopa,
}) => {
  await watchEnabled(page, 'Pay Now');
  await kopa.open('/repay', SESSION);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  const enabledAt = await page.evaluate(
    () => (window as unknown as { __enabledAt: number }).__enabledAt,
  );
  const scripts = await page.evaluate(
    (before) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < before && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname),
    enabledAt,
  );
  expect(scripts).toHaveLength(3);
  for (const pattern of [
    /^\/assets\/index-/,
    /^\/assets\/widgets-/,
    /^\/assets\/installment-plan-/,
  ]) {
    expect(scripts.filter((s) => pattern.test(s))).toHaveLength(1);
  }
  expect(scripts.filter((s) => s.startsWith('/assets/early-'))).toEqual([]);
  // The early script imports nothing (it is whole on its own), and the page's CSP allows it by its
  // hash: no 'unsafe-inline', and the script ran (it sent the data request: the test below).
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type])')].map((s) => s.textContent ?? ''),
  );
  expect(inline).toHaveLength(1);
  expect(inline[0]).not.toMatch(/\bimport\s*[{*"'(]|\bfrom\s*"/);
  const csp = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
  const scriptSrc = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toBe(
    `script-src 'self' 'sha256-${createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')}'`,
  );
  expect(await kopa.cspViolations()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});

// Vite's preload helper resolves and looks up every chunk a dynamic import lists before
// the import starts; a chunk the entry imports statically is always in by then, so the served
// entry lists none (scripts/build/preloadDeps.ts), and its widget imports list nothing at all.
test("the served entry's dynamic imports list no chunk the entry already imports, and the screens they load still work", async ({
  page,
  kopa,
}) => {
  await kopa.open('/repay', SESSION);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  const src = await page.locator('script[type="module"][src]').first().getAttribute('src');
  const entry = await (await page.request.get(src ?? '')).text();
  const imported = [...entry.matchAll(/from\s*"\.\/([^"]+\.js)"/g)].map(
    (m) => `assets/${m[1] ?? ''}`,
  );
  const listed = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(entry)?.[1] ?? '[]') as string[];
  expect(listed.filter((file) => imported.includes(file))).toEqual([]);
  // A widget from the shared chunk on the next screen still loads (the list named it before).
  await page.getByText('Pay with a repayment code instead').click();
  await expect(page.getByText('Pay with this code')).toBeVisible();
  expect(kopa.pageErrors).toEqual([]);
});

test('a Chinese first screen shows the Chinese texts that came in the page', async ({
  page,
  kopa,
}) => {
  await kopa.open('/repay', { ...SESSION, lang: 'zh' });
  await expect(page.getByRole('button', { name: '立即还款' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: '还款详情' })).toBeVisible();
  await expect(page.getByText('改用还款码支付')).toBeVisible();
  expect(kopa.pageErrors).toEqual([]);
});

// The page's early script sends the first screen's data request (server/page/earlyPlan.ts,
// src/app/shell/early.ts); the app takes its answer instead of asking again.
test("the first screen's data request leaves before the app's code has arrived, and only once", async ({
  page,
  kopa,
}) => {
  let dataSent = (): void => undefined;
  const dataRequest = new Promise<boolean>((resolve) => (dataSent = () => resolve(true)));
  page.on('request', (r) => r.url().includes('/installment/loan-play-detail-yd') && dataSent());
  const held: boolean[] = [];
  // The app's entry is held until the data request is out; without the early request it never
  // would be, and the entry goes on after 10 s with `false` recorded.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    held.push(
      await Promise.race([
        dataRequest,
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]),
    );
    await route.continue();
  });
  await kopa.open('/repay', { ...SESSION, building: 'B-token', gather: 'G-token' });
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  expect(held).toEqual([true]);
  const sent = kopa.apiTo('/installment/loan-play-detail-yd');
  expect(sent).toHaveLength(1);
  expect(sent[0]?.body).toEqual({ productId: 'P002', orderId: 'O170' });
  expect(sent[0]?.headers).toMatchObject({ building: 'B-token', gather: 'G-token' });
  // The session tokens travel as headers only: never in the page.
  expect(await page.content()).not.toContain('B-token');
  expect(kopa.pageErrors).toEqual([]);
  expect(await kopa.reports()).toEqual([]);
});

test.describe('with the service worker', () => {
  // The suite blocks service workers (playwright.config.ts); this test is about the page it keeps.
  test.use({ serviceWorkers: 'allow' });

  // The plan names query keys, so the worker's copy of the page sends the early request
  // for the order in its own link, before the app has started (it used to send none: the app asked
  // once it had started, most of a warm open's time to its data on a slow network).
  test("a page the service worker answers sends its first request from the page's own early script, for the order in its link, once", async ({
    page,
    kopa,
  }) => {
    await kopa.open('/repay', SESSION);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    // Who sent each data request: the script at the top of its call stack.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const senders: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.includes('/installment/loan-play-detail-yd')) return;
      senders.push(e.initiator.stack?.callFrames[0]?.url ?? e.initiator.type);
    });
    const response = await page.goto(page.url().replace('O170', 'O171'));
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Repayment Details' })).toBeVisible();
    await expect.poll(() => kopa.apiTo('/installment/loan-play-detail-yd').length).toBe(2);
    const orders = kopa
      .apiTo('/installment/loan-play-detail-yd')
      .map((r) => (r.body as { orderId?: string }).orderId);
    expect(orders).toEqual(['O170', 'O171']);
    // The page itself (its inline early script) sent it, not the app's entry once it ran.
    expect(senders).toHaveLength(1);
    expect(new URL(senders[0] ?? 'about:blank').pathname).toBe('/repay');
  });
});
