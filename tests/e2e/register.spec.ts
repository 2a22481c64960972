import type { Page } from '@playwright/test';
import { expect, smsCodeFor, test, type Kopa } from './support/fixtures';

/**
 * Registration promotion, /register -> /download, /registerAgreement (spec 2 "Registration
 * promotion page", 5 "Registration", 7 "Promotion", 8 "Registration SMS" and "Register"), on the
 * real server: captcha text and SMS codes come from its test-only routes. One phone per test (the
 * server sends at most one SMS a minute to a phone).
 */

// The spec's Chinese messages are zh.json's; an English page says them in English.
const MSG = {
  phone: 'Please enter a valid mobile number!',
  captcha: 'Please enter the picture code correctly!',
  sms: 'Please enter the SMS code correctly!',
  repeat: 'Please do not request the code again yet!',
};
const ALREADY = 'This phone number is already registered. Please download the app and log in.';
const REGISTERED = '13800138000'; // server/demo/seedData.ts
const LANDING = {
  templateId: 'T100',
  page_id: 'P7',
  user_from: 'fb',
  client_type: 'h5',
  utm_tag: 'summer',
  app_from: 'kopa-web',
  phone: '13900000001',
};
const TRACK = {
  page_id: 'P7',
  user_from: 'fb',
  client_type: 'h5',
  page_type: '1',
  utm_tag: 'summer',
  app_from: 'kopa-web',
  phone: '13900000001',
};

async function openRegister(page: Page, query: Record<string, string> = LANDING) {
  const captcha = page.waitForResponse(
    (r) => r.url().includes('/promotion/get-captcha') && r.status() === 200,
  );
  await page.goto(`/register?${new URLSearchParams(query).toString()}`);
  await captcha;
}

const captchaImage = (page: Page) =>
  page.getByRole('button', { name: 'Graphic captcha, tap to refresh' });
const captchaRequests = (kopa: Kopa) => kopa.apiTo('/promotion/get-captcha');

/** The sid of the captcha shown, from its image URL. */
async function currentSid(page: Page): Promise<string> {
  const src = await captchaImage(page).locator('img').getAttribute('src');
  return new URL(src ?? '', 'http://x').searchParams.get('sid') ?? '';
}

async function captchaText(page: Page): Promise<string> {
  const response = await page.request.get(`/__test/captcha?sid=${await currentSid(page)}`);
  return ((await response.json()) as { data: { text: string } }).data.text;
}

async function fillForm(page: Page, phone: string, capcode: string, smsCode = '') {
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Graphic captcha').fill(capcode);
  if (smsCode) await page.getByLabel('SMS code').fill(smsCode);
}

async function dismissToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).click();
  await expect(page.getByText(text, { exact: true })).toHaveCount(0);
}

test('loads the template, tracks the visit, shows a captcha for a new sid', async ({
  page,
  kopa,
}) => {
  await openRegister(page);
  await expect(page.getByRole('heading', { name: 'Kopa for students' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join now' })).toBeVisible();
  await expect(captchaImage(page).locator('img')).toHaveJSProperty('complete', true);
  expect(
    await captchaImage(page)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await kopa.screenshot('register');

  expect(
    kopa.apiTo('/channel/channel-template').map((r) => [r.method, r.query.templateId]),
  ).toEqual([['GET', 'T100']]);
  const visits = kopa.apiTo('/promotion/track-visit');
  expect(visits).toHaveLength(1);
  expect(visits[0]?.query).toMatchObject(TRACK);
  expect(kopa.apiTo('/promotion/get-sid')).toHaveLength(1);
  expect(captchaRequests(kopa).map((r) => r.query.sid)).toEqual([await currentSid(page)]);
  expect(kopa.apiTo('/promotion/track-click')).toHaveLength(0);

  await page.getByRole('button', { name: 'Registration Agreement' }).click();
  await expect(page).toHaveURL(/\/registerAgreement\?/);
  await expect(page.getByText(/This Registration Agreement is between you and Kopa/)).toBeVisible();
  expect(kopa.pageErrors).toEqual([]);
  expect(await kopa.cspViolations()).toEqual([]);
});

test('validation: phone, captcha and SMS code messages, input caps, refresh needs a phone', async ({
  page,
  kopa,
}) => {
  await openRegister(page);
  const register = page.getByRole('button', { name: 'Join now' });

  await register.click();
  await dismissToast(page, MSG.phone);
  // Every register tap is tracked, whatever the outcome.
  expect(kopa.apiTo('/promotion/track-click')[0]?.query).toMatchObject(TRACK);

  for (const bad of ['1380013800', '12800138000', '23800138000']) {
    await page.getByLabel('Mobile number').fill(bad);
    await register.click();
    await dismissToast(page, MSG.phone);
  }
  await page.getByLabel('Mobile number').fill('138001380001234');
  await expect(page.getByLabel('Mobile number')).toHaveValue('13800138000');
  await page.getByLabel('Mobile number').fill('13900000002');

  await register.click();
  await dismissToast(page, MSG.captcha);
  await page.getByLabel('Graphic captcha').fill('ABCDEF');
  await expect(page.getByLabel('Graphic captcha')).toHaveValue('ABCD');

  await register.click();
  await dismissToast(page, MSG.sms);
  await page.getByLabel('SMS code').fill('12345678');
  await expect(page.getByLabel('SMS code')).toHaveValue('123456');
  expect(kopa.apiTo('/promotion/track-click')).toHaveLength(6);

  // Get code checks the phone and the captcha first.
  await page.getByLabel('Graphic captcha').fill('');
  await page.getByRole('button', { name: 'Get code' }).click();
  await dismissToast(page, MSG.captcha);
  await page.getByLabel('Mobile number').fill('139');
  await page.getByRole('button', { name: 'Get code' }).click();
  await dismissToast(page, MSG.phone);

  // Refreshing the captcha needs a phone.
  await captchaImage(page).click();
  await dismissToast(page, MSG.phone);
  expect(captchaRequests(kopa)).toHaveLength(1);
  await page.getByLabel('Mobile number').fill('13900000002');
  const sid = await currentSid(page);
  await captchaImage(page).click();
  await expect.poll(() => captchaRequests(kopa).length).toBe(2);
  expect(await currentSid(page)).not.toBe(sid);

  expect(kopa.apiTo('/promotion/get-sms')).toHaveLength(0);
  expect(kopa.apiTo('/promotion/register')).toHaveLength(0);
  expect(kopa.pageErrors).toEqual([]);
});

test('get code: sends phone, captcha and sid, counts down 60 s, refuses a resend meanwhile; register succeeds', async ({
  page,
  kopa,
}) => {
  await page.clock.install();
  const phone = '13900000003';
  await openRegister(page);
  await fillForm(page, phone, await captchaText(page));
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: '60s' })).toBeVisible();
  const sms = kopa.apiTo('/promotion/get-sms');
  expect(sms).toHaveLength(1);
  expect(sms[0]?.method).toBe('POST');
  expect(sms[0]?.body).toMatchObject({
    phone,
    capcode: await page.getByLabel('Graphic captcha').inputValue(),
    sid: await currentSid(page),
    app_from: 'kopa-web',
    user_from: 'fb',
    utm_tag: 'summer',
  });

  await page.clock.runFor(1_000);
  await expect(page.getByRole('button', { name: '59s' })).toBeVisible();
  await page.getByRole('button', { name: '59s' }).click();
  await dismissToast(page, MSG.repeat);
  expect(kopa.apiTo('/promotion/get-sms')).toHaveLength(1);
  await page.clock.runFor(59_000);
  await expect(page.getByRole('button', { name: 'Get code' })).toBeVisible();

  await page.getByLabel('SMS code').fill(await smsCodeFor(page, phone));
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page).toHaveURL(/\/download\?.*templateId=T100/);
  await expect(page.getByText('registration succeeded')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Download the Kopa app' })).toBeVisible();
  const reg = kopa.apiTo('/promotion/register');
  expect(reg).toHaveLength(1);
  expect(reg[0]?.body).toMatchObject({
    phone,
    smsCode: await smsCodeFor(page, phone),
    id: 'T100',
    merchantNumber: 'KOPA001',
    app_from: 'kopa-web',
    user_from: 'fb',
    utm_tag: 'summer',
  });
  expect(kopa.pageErrors).toEqual([]);
});

test('get code 101 (wrong captcha): the message is shown and a new captcha is loaded', async ({
  page,
  kopa,
}) => {
  await openRegister(page);
  const sid = await currentSid(page);
  const wrong = (await captchaText(page)) === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
  await fillForm(page, '13900000004', wrong);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Wrong graphic captcha, please try again.')).toBeVisible();
  await expect.poll(() => captchaRequests(kopa).length).toBe(2);
  expect(kopa.apiTo('/promotion/get-sid')).toHaveLength(2);
  expect(await currentSid(page)).not.toBe(sid);
  await expect(page.getByRole('button', { name: 'Get code' })).toBeVisible();
});

test('get code 11 (already registered): toast, then the download page', async ({ page, kopa }) => {
  await openRegister(page);
  await fillForm(page, REGISTERED, await captchaText(page));
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page).toHaveURL(/\/download\?/);
  await expect(page.getByText(ALREADY)).toBeVisible();
  expect(kopa.apiTo('/promotion/get-sms')).toHaveLength(1);
});

test('register 11 (already registered): toast, then the download page', async ({ page, kopa }) => {
  await openRegister(page);
  await fillForm(page, REGISTERED, await captchaText(page), '123456');
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page).toHaveURL(/\/download\?/);
  await expect(page.getByText(ALREADY)).toBeVisible();
  expect(kopa.apiTo('/promotion/register')).toHaveLength(1);
});

test('register -1 (captcha wrong): a new captcha; other codes show the server message', async ({
  page,
  kopa,
}) => {
  await openRegister(page);
  const wrong = (await captchaText(page)) === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
  await fillForm(page, '13900000005', wrong, '123456');
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByText('The captcha is wrong, please refresh it.')).toBeVisible();
  await expect.poll(() => captchaRequests(kopa).length).toBe(2);
  await dismissToast(page, 'The captcha is wrong, please refresh it.');

  // Right captcha, wrong SMS code: the server's message (code 102), no navigation.
  await page.getByLabel('Graphic captcha').fill(await captchaText(page));
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByText('Wrong or expired SMS code.')).toBeVisible();
  await expect(page).toHaveURL(/\/register\?/);
  expect(captchaRequests(kopa)).toHaveLength(2);
  expect(kopa.apiTo('/promotion/register')).toHaveLength(2);
});

test('download page links to the template download URL', async ({ page }) => {
  await page.goto('/download?templateId=T100');
  await expect(page.getByRole('button', { name: 'Download now' })).toBeVisible();
  const nav = page.waitForRequest((r) => r.url().startsWith('https://kopa.example/download'));
  await page.route('https://kopa.example/**', (route) =>
    route.fulfill({ status: 200, body: 'ok' }),
  );
  await page.getByRole('button', { name: 'Download now' }).click();
  expect((await nav).url()).toBe('https://kopa.example/download?src=T100');
});

test('an unknown template: a clear notice, the default landing (labelled button, agreement link) and a working way on', async ({
  page,
  kopa,
}) => {
  const tried = page.waitForResponse(
    (r) => r.url().includes('/channel/channel-template') && r.status() === 404,
  );
  await openRegister(page, { ...LANDING, templateId: 'NO-SUCH-T' });
  await tried;
  await expect(
    page.getByText('This offer link is no longer valid. You can still register with Kopa below.'),
  ).toBeVisible();
  // The default template's own settings, not blanks.
  await expect(page.getByRole('heading', { name: 'Kopa - cash in minutes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register now' })).toBeVisible();
  const link = page.getByRole('button', { name: 'Registration Agreement' });
  await expect(link).toBeVisible();
  expect(kopa.apiTo('/channel/channel-template').map((r) => r.query.templateId ?? null)).toEqual([
    'NO-SUCH-T',
    null,
  ]);
  // No toast of the raw "not found": the notice says it.
  await expect(page.getByText('Template not found.')).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(/\/registerAgreement\?/);
  expect(new URL(page.url()).searchParams.get('templateId')).toBe('default');
  await expect(page.getByRole('heading', { name: 'Registration Agreement' }).first()).toBeVisible();
});
