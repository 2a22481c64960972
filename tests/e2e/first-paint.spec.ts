/**
 * First paint: the server's HTML already shows the screen's frame (header with the
 * title, a skeleton) before any script has arrived, and React's page replaces it without
 * moving the header.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/workerServer';

const SESSION = 'userId=10001&sessionId=demo-session&orderId=O170&productId=P002';

/** Holds the page's requests to `url` until release(); later ones go through. */
async function holdRequests(
  page: Page,
  url: RegExp,
): Promise<{ held: () => number; release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(url, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('the header and title paint before any script runs, and stay put when the page replaces the frame', async ({
  page,
}) => {
  // Hold every script: what is on screen meanwhile is the HTML and the stylesheet only.
  const scripts = await holdRequests(page, /\/assets\/.*\.js$/);
  await page.goto(`/repay?${SESSION}`, { waitUntil: 'commit' });
  const frameHeading = page
    .locator('[data-kopa-frame]')
    .getByRole('heading', { name: 'Repayment Details' });
  await expect(frameHeading).toBeVisible();
  await expect(page).toHaveTitle('Repayment Details');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  // The frame as it paints: with the stylesheet (the browser paints nothing before it is in, but a
  // measurement can lay the page out earlier, unstyled).
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (l) => l.sheet !== null,
    ),
  );
  const before = await frameHeading.boundingBox();
  await expect.poll(() => scripts.held()).toBeGreaterThan(0);

  await scripts.release();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect(page.locator('[data-kopa-frame]')).toHaveCount(0);
  const heading = page.getByRole('heading', { name: 'Repayment Details' });
  await expect(heading).toHaveCount(1);
  expect(await heading.boundingBox()).toEqual(before);
});

test("the frame's text is in the page's own font before the stylesheet is in (no font the page never uses is looked up)", async ({
  page,
}) => {
  // Hold the stylesheet and every script: the frame is laid out with the page's inline style only.
  const stylesheet = await holdRequests(page, /\/assets\/.*\.css$/);
  // The scripts stay held throughout: the frame is not touched by the app while it is compared.
  await page.route(/\/assets\/.*\.js$/, () => undefined);
  await page.goto(`/repay?${SESSION}`, { waitUntil: 'commit' });
  const title = page
    .locator('[data-kopa-frame]')
    .getByRole('heading', { name: 'Repayment Details' });
  await expect(title).toHaveCount(1);
  const fontOf = () =>
    title.evaluate((e) => {
      const s = getComputedStyle(e);
      return `${s.fontFamily} ${s.fontSize} ${s.fontWeight}`;
    });
  const status = page.locator('[data-kopa-frame]').getByRole('status');
  const statusFont = () =>
    status.evaluate((e) => {
      const s = getComputedStyle(e);
      return `${s.fontFamily} ${s.fontSize} ${s.fontWeight}`;
    });
  const unstyled = { title: await fontOf(), status: await statusFont() };
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some(
        (l) => l.sheet !== null,
      ),
    ),
  ).toBe(false);

  await stylesheet.release();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (l) => l.sheet !== null,
    ),
  );
  expect(unstyled.title).toBe(await fontOf());
  expect(unstyled.title).toContain('600');
  expect(unstyled.status).toBe(await statusFont());
});

/** Records, from the start, whether React's loading state was ever put into #root. */
async function watchLoadingState(page: import('@playwright/test').Page): Promise<void> {
  await page.addInitScript(`(() => {
    window.__loadingShown = false;
    new MutationObserver(() => {
      if (document.querySelector('#root .k-state--loading')) window.__loadingShown = true;
    }).observe(document, { subtree: true, childList: true });
  })();`);
}
const loadingShown = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __loadingShown: boolean }).__loadingShown);

test("React's first render is the screen with its data: the frame stays until then, no loading state in between", async ({
  page,
}) => {
  await watchLoadingState(page);
  await page.goto(`/repay?${SESSION}`);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect(page.locator('[data-kopa-frame]')).toHaveCount(0);
  expect(await loadingShown(page)).toBe(false);
});

test("a slow answer: after a second React's loading state (with the screen's header) replaces the frame, then the screen comes", async ({
  page,
}) => {
  await watchLoadingState(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/vexed/v3/installment/loan-play-detail-yd**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/repay?${SESSION}`);
  await expect(page.locator('#root .k-state--loading')).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('status')).toHaveText('Loading...');
  await expect(page.getByRole('heading', { name: 'Repayment Details' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect(page.locator('[data-kopa-frame]')).toHaveCount(0);
  expect(await loadingShown(page)).toBe(true);
});
