/**
 * Issue 10, first paint: the server's HTML already shows the screen's frame (header with the
 * title, a skeleton) before any script has arrived, and React's page replaces it without
 * moving the header.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './support/workerServer';

const SESSION = 'userId=10001&sessionId=demo-session&orderId=O170&productId=P002';

test('the header and title paint before any script runs, and stay put when the page replaces the frame', async ({ page }) => {
  // Hold every script: what is on screen meanwhile is the HTML and the stylesheet only.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (release) await route.continue();
    else held.push(route);
  });
  await page.goto(`/repay?${SESSION}`, { waitUntil: 'commit' });
  const frameHeading = page.locator('[data-kopa-frame]').getByRole('heading', { name: 'Repayment Details' });
  await expect(frameHeading).toBeVisible();
  await expect(page).toHaveTitle('Repayment Details');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  // The frame as it paints: with the stylesheet (the browser paints nothing before it is in, but a
  // measurement can lay the page out earlier, unstyled).
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null));
  const before = await frameHeading.boundingBox();
  await expect.poll(() => held.length).toBeGreaterThan(0);

  release = true;
  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect(page.locator('[data-kopa-frame]')).toHaveCount(0);
  const heading = page.getByRole('heading', { name: 'Repayment Details' });
  await expect(heading).toHaveCount(1);
  expect(await heading.boundingBox()).toEqual(before);
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
const loadingShown = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __loadingShown: boolean }).__loadingShown);

test("React's first render is the screen with its data: the frame stays until then, no loading state in between", async ({ page }) => {
  await watchLoadingState(page);
  await page.goto(`/repay?${SESSION}`);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect(page.locator('[data-kopa-frame]')).toHaveCount(0);
  expect(await loadingShown(page)).toBe(false);
});

test("a slow answer: after a second React's loading state (with the screen's header) replaces the frame, then the screen comes", async ({ page }) => {
  await watchLoadingState(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
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
