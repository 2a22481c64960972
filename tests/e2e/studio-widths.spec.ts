/**
 * The studio fits the window from a phone (390 px) to a desktop (1440 px): no sideways scroll on
 * the login, the screens list or a screen's editor. Screenshots at both widths land in
 * artifacts/screenshots/.
 */
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expect, test } from './support/workerServer';
import { SCREENSHOTS } from './support/fixtures';
import { OPERATOR } from './support/studio';

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [390, 1440]) {
  test(`at ${width} px the studio has no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/studio');
    await expect(page.getByLabel('User name')).toBeVisible();
    expect(await sideways(page)).toBe(0);
    await page.getByLabel('User name').fill(OPERATOR.user);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('link', { name: 'customer-service', exact: true })).toBeVisible();
    expect(await sideways(page)).toBe(0);
    await page.screenshot({
      path: join(SCREENSHOTS, `studio-screens-${width}.png`),
      fullPage: true,
    });
    await page.getByRole('link', { name: 'customer-service', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Layout JSON' })).toBeVisible();
    await expect(
      page
        .frameLocator('iframe[title="Preview"]')
        .locator('#root')
        .getByRole('heading', { level: 1 }),
    ).toBeVisible();
    expect(await sideways(page)).toBe(0);
    await page.screenshot({
      path: join(SCREENSHOTS, `studio-editor-${width}.png`),
      fullPage: true,
    });
  });
}
