import type { Page } from '@playwright/test';
import { expect, smsCodeFor, test } from './support/fixtures';
import { noLoanQuery } from '../../server/demo/demoScreens';

/**
 * Delete account, /de-user (spec 2 "Delete account", 4 "Delete account", 5, 7 "Account
 * deletion", 8, 9). Deleting ends every session of the user, so each test deletes a borrower of
 * its own (made by the test-only route /__test/users) with its own phone: the server allows one
 * code per phone a minute.
 */

interface Borrower {
  userId: string;
  sessionId: string;
  phone: string;
}

let serial = 0;
async function newBorrower(page: Page): Promise<Borrower> {
  serial += 1;
  // 10 digits, unique per test and per run: the per-phone SMS limit never bites.
  const phone = `07${String(Date.now() % 1e7).padStart(7, '0')}${serial % 10}`;
  const response = await page.request.post('/__test/users', { data: { phone } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Borrower }).data;
}

const openAs = (
  kopa: { open: (p: string, q?: Record<string, string>) => Promise<void> },
  b: Borrower,
) => kopa.open('/de-user', { userId: b.userId, sessionId: b.sessionId, mobilePhone: b.phone });

const phoneField = (page: Page) => page.getByLabel('Phone number');
const codeField = (page: Page) => page.getByLabel('Verification code');
const sendButton = (page: Page) => page.locator('#send');
const confirmButton = (page: Page) => page.getByRole('button', { name: 'Confirm' });
const toast = (page: Page) => page.getByRole('status').filter({ hasText: /./ });
const phoneError = (page: Page) => page.getByText('Please enter a valid phone number.');

test('send needs 9 characters, the code field appears after sending, confirm needs exactly 4, deletion closes the web view', async ({
  page,
  kopa,
}) => {
  const b = await newBorrower(page);
  await openAs(kopa, b);
  await expect(page.getByRole('heading', { name: 'Delete account', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Delete account');
  await expect(codeField(page)).toHaveCount(0);
  await expect(sendButton(page)).toHaveText('Send');
  await expect(sendButton(page)).toBeDisabled();
  await expect(confirmButton(page)).toBeDisabled();
  await expect(phoneError(page)).toHaveCount(0);

  // 8 characters: still disabled, with the validation message.
  await phoneField(page).fill(b.phone.slice(0, 8));
  await expect(sendButton(page)).toBeDisabled();
  await expect(phoneError(page)).toBeVisible();
  // The 9th character enables Send and clears the message.
  await phoneField(page).pressSequentially(b.phone.slice(8, 9));
  await expect(phoneField(page)).toHaveValue(b.phone.slice(0, 9));
  await expect(sendButton(page)).toBeEnabled();
  await expect(phoneError(page)).toHaveCount(0);
  await phoneField(page).pressSequentially(b.phone.slice(9));
  await expect(phoneField(page)).toHaveValue(b.phone);
  expect(kopa.apiTo('/service/login/send-sms-code-new')).toHaveLength(0);

  await sendButton(page).click();
  await expect(toast(page)).toHaveText('Verification code sent!');
  await expect(codeField(page)).toBeVisible();
  // The 60 s resend countdown runs and blocks a second send.
  await expect(sendButton(page)).toHaveText(/^Resend \((60|59|58)s\)$/);
  await expect(sendButton(page)).toBeDisabled();

  const sends = kopa.apiTo('/service/login/send-sms-code-new');
  expect(sends).toHaveLength(1);
  expect(sends[0]?.method).toBe('POST');
  expect(sends[0]?.path).toBe('/vexed/service/login/send-sms-code-new');
  expect(sends[0]?.query).toMatchObject({ userId: b.userId, sessionId: b.sessionId });
  expect(sends[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
  expect(sends[0]?.body).toEqual({ phone: b.phone, type: 'del' });

  const code = await smsCodeFor(page, b.phone);
  expect(code).toMatch(/^[0-9]{4}$/);
  await codeField(page).fill(code.slice(0, 3));
  await expect(confirmButton(page)).toBeDisabled();
  await codeField(page).pressSequentially(code.slice(3));
  await expect(codeField(page)).toHaveValue(code);
  await expect(confirmButton(page)).toBeEnabled();
  // The field keeps at most 4 digits.
  await codeField(page).pressSequentially('9');
  await expect(codeField(page)).toHaveValue(code);
  await expect(confirmButton(page)).toBeEnabled();
  await kopa.screenshot('de-user');

  expect(await kopa.bridgeCalls()).toEqual([]);
  await confirmButton(page).click();
  await expect(toast(page)).toHaveText('Your account has been deleted!');
  const deletes = kopa.apiTo('/service/login/user-delete');
  expect(deletes).toHaveLength(1);
  expect(deletes[0]?.method).toBe('POST');
  expect(deletes[0]?.body).toEqual({ phone: b.phone, code });
  // The toast is read first; then the native app is asked to close the web view.
  await expect
    .poll(async () => (await kopa.bridgeCalls()).map((c) => c.method))
    .toEqual(['closeWebView']);
  await expect(confirmButton(page)).toBeDisabled();

  // Every session of the user has ended.
  const after = await page.request.post(
    `/vexed/service/login/send-sms-code-new?userId=${b.userId}&sessionId=${b.sessionId}`,
    {
      data: { phone: b.phone, type: 'del' },
    },
  );
  expect(after.status()).toBe(401);
  expect(await kopa.cspViolations()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});

test('the resend countdown counts 60 s down and then allows a new send', async ({ page, kopa }) => {
  await page.clock.install();
  const b = await newBorrower(page);
  await openAs(kopa, b);
  await phoneField(page).fill(b.phone);
  await sendButton(page).click();
  await expect(toast(page)).toHaveText('Verification code sent!');
  await expect(sendButton(page)).toHaveText('Resend (60s)');
  await page.clock.runFor(1_000);
  await expect(sendButton(page)).toHaveText('Resend (59s)');
  await expect(sendButton(page)).toBeDisabled();
  await page.clock.runFor(58_000);
  await expect(sendButton(page)).toHaveText('Resend (1s)');
  await expect(sendButton(page)).toBeDisabled();
  await page.clock.runFor(1_000);
  await expect(sendButton(page)).toHaveText('Resend');
  await expect(sendButton(page)).toBeEnabled();
  expect(kopa.apiTo('/service/login/send-sms-code-new')).toHaveLength(1);
});

test('a wrong code shows the server message and keeps the account', async ({ page, kopa }) => {
  const b = await newBorrower(page);
  await openAs(kopa, b);
  await phoneField(page).fill(b.phone);
  await sendButton(page).click();
  await expect(codeField(page)).toBeVisible();
  const code = await smsCodeFor(page, b.phone);
  const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
  await codeField(page).fill(wrong);
  await confirmButton(page).click();
  await expect(toast(page)).toHaveText('Wrong or expired verification code.');
  await expect(confirmButton(page)).toBeEnabled();
  expect(await kopa.bridgeCalls()).toEqual([]);

  // The right code still works afterwards.
  await codeField(page).fill(code);
  await confirmButton(page).click();
  await expect(toast(page)).toHaveText('Your account has been deleted!');
  await expect
    .poll(async () => (await kopa.bridgeCalls()).map((c) => c.method))
    .toEqual(['closeWebView']);
  expect(kopa.apiTo('/service/login/user-delete').map((r) => r.body)).toEqual([
    { phone: b.phone, code: wrong },
    { phone: b.phone, code },
  ]);
});

test('a phone of another account is refused: no code field, the server message is shown', async ({
  page,
  kopa,
}) => {
  const b = await newBorrower(page);
  await openAs(kopa, b);
  await phoneField(page).fill('0799999999');
  await sendButton(page).click();
  await expect(toast(page)).toHaveText('This phone number does not belong to your account.');
  await expect(codeField(page)).toHaveCount(0);
  await expect(sendButton(page)).toHaveText('Send');
  await expect(sendButton(page)).toBeEnabled();
  expect(kopa.apiTo('/service/login/send-sms-code-new').map((r) => r.body)).toEqual([
    { phone: '0799999999', type: 'del' },
  ]);
});

// the demo data has a borrower without a loan (npm start prints its link), so
// deletion can be tried there; the main demo borrower's open loans refuse it.
test('the demo borrower without a loan (the link npm start prints) can delete the account', async ({
  page,
  kopa,
}) => {
  const query = Object.fromEntries(new URLSearchParams(noLoanQuery()));
  await kopa.open('/de-user', query);
  await expect(page.getByRole('heading', { name: 'Delete account', exact: true })).toBeVisible();
  await phoneField(page).fill(query.mobilePhone!);
  await sendButton(page).click();
  await expect(toast(page)).toHaveText('Verification code sent!');
  // The toast does not cover the field the borrower just filled (nor the code field).
  for (const field of [phoneField(page), codeField(page)]) {
    const [a, b] = [await toast(page).boundingBox(), await field.boundingBox()];
    expect(a && b && (a.y + a.height <= b.y || b.y + b.height <= a.y)).toBe(true);
  }
  await codeField(page).fill(await smsCodeFor(page, query.mobilePhone!));
  await confirmButton(page).click();
  await expect(toast(page)).toHaveText('Your account has been deleted!');
  await expect
    .poll(async () => (await kopa.bridgeCalls()).map((c) => c.method))
    .toEqual(['closeWebView']);
});
