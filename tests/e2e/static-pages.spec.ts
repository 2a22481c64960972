import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The static pages (spec 2 "About us", "Privacy policy", "Loan agreement"; 9 "Loan agreement
 * terms"): /aboutUs, /privacyPolicy, /amlPolicy, /loanAgreement. They call no API.
 */

const content = (page: Page) => page.locator('[data-node-id="content"]');

async function expectClean(kopa: {
  api: unknown[];
  cspViolations(): Promise<string[]>;
  pageErrors: string[];
  reports(): Promise<unknown[]>;
}) {
  expect(kopa.api).toEqual([]);
  expect(await kopa.cspViolations()).toEqual([]);
  expect(await kopa.reports()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
}

test('About us: company text and the service e-mail, which opens the native send action', async ({
  page,
  kopa,
}) => {
  await kopa.open('/aboutUs');
  await expect(page).toHaveTitle('About us');
  await expect(page.getByRole('heading', { name: 'About us', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kopa - cash when you need it' })).toBeVisible();
  await expect(content(page)).toContainText(
    'Kopa is a short-term consumer lending service for adults in Tanzania.',
  );
  await expect(content(page)).toContainText('Kopa Financial Services Limited');
  await expect(content(page)).toContainText('loans from TZS 10,000');
  await expect(content(page)).toContainText('aged 18 or over');
  const emailRow = page.locator('[data-node-id="emailRow"] p');
  await expect(emailRow).toHaveText(['Service e-mail', 'support@kopa.example']);
  await kopa.screenshot('about-us');

  await page.getByRole('button', { name: /Service e-mail/ }).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([{ method: 'sendSms', payload: { email: 'support@kopa.example' } }]);
  await expectClean(kopa);
});

test('Privacy policy: lender details, data and purposes, disclosure, cookies, minors, passwords, opt-out, grievance officer', async ({
  page,
  kopa,
}) => {
  await kopa.open('/privacyPolicy');
  await expect(page).toHaveTitle('Privacy policy');
  await expect(page.getByRole('heading', { name: 'Privacy policy', exact: true })).toBeVisible();
  const headings = content(page).getByRole('heading');
  await expect(headings).toHaveText([
    '1. Who we are',
    '2. Information we collect',
    '3. Why we use it',
    '4. Disclosure of information',
    '5. Cookies and device information',
    '6. Minors',
    '7. Security and your password',
    '8. How long we keep information',
    '9. Your rights and opting out',
    '10. Grievance officer',
    '11. Changes',
  ]);
  const text = content(page);
  await expect(text).toContainText('The lender is Kopa Financial Services Limited');
  await expect(text).toContainText('Device information: device model');
  await expect(text).toContainText('to verify your identity and prevent fraud');
  await expect(text).toContainText('We do not sell your personal information.');
  await expect(text).toContainText('Our website and in-app pages use cookies');
  await expect(text).toContainText(
    'Kopa is only for people aged 18 or over. We do not knowingly collect information from anyone under 18.',
  );
  await expect(text).toContainText(
    'You are responsible for keeping your password, PIN and verification codes secret.',
  );
  await expect(text).toContainText('You may opt out of marketing messages at any time');
  await expect(text).toContainText('contact our Grievance Officer');
  await expect(text.locator('ul li')).toHaveCount(20);
  await expectClean(kopa);
});

test('AML policy: due diligence, payments, reporting and record keeping', async ({
  page,
  kopa,
}) => {
  await kopa.open('/amlPolicy');
  await expect(page).toHaveTitle('AML policy');
  await expect(page.getByRole('heading', { name: 'AML policy', exact: true })).toBeVisible();
  await expect(content(page).getByRole('heading')).toHaveText([
    '1. Customer due diligence (Know Your Customer)',
    '2. Payments',
    '3. Monitoring and reporting',
    '4. Sanctions',
    '5. Record keeping',
    '6. Staff and responsibility',
  ]);
  await expect(content(page)).toContainText(
    'Suspicious transactions are reported to the Financial Intelligence Unit',
  );
  await expect(content(page)).toContainText('Applicants must be 18 or older.');
  await expect(content(page)).toContainText('kept for at least 5 years');
  await expectClean(kopa);
});

test('Loan agreement: titled General Terms and Conditions, with every term of the spec', async ({
  page,
  kopa,
}) => {
  await kopa.open('/loanAgreement');
  await expect(page).toHaveTitle('General Terms and Conditions');
  await expect(
    page.getByRole('heading', { name: 'General Terms and Conditions', exact: true }),
  ).toBeVisible();
  const text = content(page);
  await expect(text.getByRole('heading')).toHaveCount(12);
  await expect(text).toContainText('The minimum loan is TZS 10,000.');
  await expect(text).toContainText(
    'a late penalty of 10% per month on the outstanding amount is charged',
  );
  await expect(text).toContainText('you must notify Kopa within 24 hours');
  await expect(text).toContainText("Kopa may end this agreement by giving you 21 days' notice.");
  await expect(text).toContainText(
    'An account with no loan and no login for 12 months is treated as inactive',
  );
  await expect(text).toContainText(
    'Loan and identity records are kept for 5 years after the agreement ends',
  );
  await expect(text).toContainText('You must be at least 18 years old');
  // The terms are long: the page scrolls to the last section.
  const last = text.getByRole('heading', { name: '12. Governing law' });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expectClean(kopa);
});
