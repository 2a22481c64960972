/**
 * The studio fits the window from a small phone (360 px) to a wide desktop (1920 px): no sideways
 * scroll on the login, the screens list or a screen's editor, no console error, and no axe
 * violation (WCAG 2.1 A and AA) on any of them. Screenshots at 390 and 1440 px land in
 * artifacts/screenshots/.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test } from './support/workerServer';
import { SCREENSHOTS } from './support/fixtures';
import { consoleErrors, OPERATOR } from './support/studio';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** axe's violations on the studio's own page (the preview frame is the borrower app's, checked apart). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(
      { exclude: [['iframe']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    )) as { violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  return found;
}

for (const width of [360, 390, 1440, 1920]) {
  test(`at ${width} px the studio has no sideways scroll, no console error and no axe violation`, async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const shot = [390, 1440].includes(width);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/studio');
    await expect(page.getByLabel('User name')).toBeVisible();
    expect(await sideways(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('User name').fill(OPERATOR.user);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('link', { name: 'customer-service', exact: true })).toBeVisible();
    expect(await sideways(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    if (shot)
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
    expect(await axeViolations(page)).toEqual([]);
    if (shot)
      await page.screenshot({
        path: join(SCREENSHOTS, `studio-editor-${width}.png`),
        fullPage: true,
      });
    expect(errors).toEqual([]);
  });
}
