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
