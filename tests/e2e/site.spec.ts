import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The official website, /, /About, /Contact, /Policy, /Loan (spec 2 "Official website", 5
 * "Official site contact form", 9 "Official site banner interval"): public pages, no session.
 */

const NAV = ['Home', 'About us', 'Contact us', 'Privacy Policy', 'Loan terms and conditions'];

async function expectSiteFrame(page: Page) {
  for (const name of NAV)
    await expect(
      page.locator('[data-node-id="siteNav"]').getByRole('button', { name }),
    ).toBeVisible();
  const footer = page.locator('[data-node-id="siteFooter"]');
  await expect(footer).toContainText('Telephone: +255 700 000 000');
  await expect(footer).toContainText('E-mail: support@kopa.example');
  await expect(footer).toContainText('Address: Plot 24, Samora Avenue, Dar es Salaam, Tanzania');
  await expect(footer).toContainText(
    '© 2026 Kopa Financial Services Limited. All rights reserved.',
  );
}

const activeSlide = (page: Page) => page.locator('.k-carousel__slide:not([hidden])');

test('home: navigation, footer, banners that move on every 3 seconds and wrap around', async ({
  page,
  kopa,
}) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page).toHaveTitle('Kopa');
  await expectSiteFrame(page);
  await expect(activeSlide(page)).toHaveCount(1);
  await expect(activeSlide(page)).toContainText('Cash in minutes');
  await kopa.screenshot('site-home');

  await page.clock.runFor(2_900);
  await expect(activeSlide(page)).toContainText('Cash in minutes');
  await page.clock.runFor(200);
  await expect(activeSlide(page)).toContainText('Clear prices');
  await page.clock.runFor(3_000);
  await expect(activeSlide(page)).toContainText('Repay your way');
  await page.clock.runFor(3_000);
  await expect(activeSlide(page)).toContainText('Cash in minutes');

  // A dot shows its slide at once.
  await page.getByRole('button', { name: 'Show slide 3' }).click();
  await expect(activeSlide(page)).toContainText('Repay your way');

  // The public site needs no session and calls no API.
  expect(kopa.api).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
  expect(await kopa.cspViolations()).toEqual([]);
});

test('navigation goes to each tab; Privacy embeds the AML policy page and Loan the loan agreement page', async ({
  page,
  kopa,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/About$/);
  await expect(page.getByText(/Kopa is operated by Kopa Financial Services Limited/)).toBeVisible();
  await expectSiteFrame(page);

  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/Policy$/);
  // Spec: the Privacy tab embeds the AML policy page (the page itself, in a frame).
  await expect(page.locator('iframe[title="AML policy"]')).toHaveAttribute('src', '/amlPolicy');
  const aml = page.frameLocator('iframe[title="AML policy"]');
  await expect(
    aml.getByRole('heading', { name: '1. Customer due diligence (Know Your Customer)' }),
  ).toBeVisible();
  await expect(aml.getByText(/committed to preventing money laundering/)).toBeVisible();

  await page.getByRole('button', { name: 'Loan terms and conditions' }).click();
  await expect(page).toHaveURL(/\/Loan$/);
  await expect(page.locator('iframe[title="Loan agreement"]')).toHaveAttribute(
    'src',
    '/loanAgreement',
  );
  const agreement = page.frameLocator('iframe[title="Loan agreement"]');
  await expect(agreement.getByRole('heading', { name: '6. Late payment' })).toBeVisible();
  await expect(agreement.getByText(/10% per month on the outstanding amount/)).toBeVisible();

  await page.getByRole('button', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/Contact$/);
  await expect(page.getByLabel('Remark')).toBeVisible();

  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(activeSlide(page)).toContainText('Cash in minutes');
  expect(kopa.api).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});

test('contact form: every field required, then "Successful!"; nothing is ever sent', async ({
  page,
  kopa,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
  });
  await page.goto('/Contact');
  await expectSiteFrame(page);
  const submit = page.getByRole('button', { name: 'Submit' });
  const fields: [string, string][] = [
    ['Name', 'Asha Mushi'],
    ['Telephone', '0712345678'],
    ['E-mail', 'asha@example.com'],
    ['Remark', 'Please call me back.'],
  ];

  await submit.click();
  await expect(page.getByText('Please provide complete information!')).toBeVisible();
  // Each field alone missing (blank text counts as missing) gives the same message.
  for (let missing = 0; missing < fields.length; missing++) {
    await page
      .getByText('Please provide complete information!')
      .click()
      .catch(() => undefined);
    for (const [i, [label, value]] of fields.entries())
      await page
        .getByLabel(label)
        .fill(i === missing ? (label === 'Telephone' ? '' : '   ') : value);
    await submit.click();
    await expect(page.getByText('Please provide complete information!')).toBeVisible();
  }
  for (const [label, value] of fields) await page.getByLabel(label).fill(value);
  await submit.click();
  await expect(page.getByText('Successful!')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');

  expect(sent).toEqual([]);
  expect(kopa.api).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});
