import type { Page } from '@playwright/test';
import { DEMO, expect, test, type ApiRequest, type Kopa } from './support/fixtures';
import { patchData } from './support/payFlow';

/**
 * Bind bank, /bindBank (spec 2 "Bind bank", 3 "Bank form item", 4 "Bank form", 5, 7 "Bank and
 * rating"): the form items come from the real server's card-init (server/demo/seedData.ts
 * FORM_ITEMS); every save is checked on the wire and by its outcome. The server keeps what was
 * saved and card-init prefills it, so tests fill every field they send (fill replaces) and the
 * saving tests use different products.
 */

const HEADERS = { building: 'b-42', gather: 'g-7' };
/** The bank step's marks to the native app (contract 4): opened, and saved successfully. */
const START = { method: 'bankStepStart', payload: {} };
const END = { method: 'bankStepEnd', payload: {} };

/** The session query a request must carry (contract 2 and 3). */
function expectSession(request: ApiRequest, productId = 'P001') {
  expect(request.method).toBe('POST');
  expect(request.query).toMatchObject({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    mobilePhone: DEMO.mobilePhone,
    productId,
    product_id: productId,
  });
  expect(request.headers).toMatchObject({
    building: HEADERS.building,
    gather: HEADERS.gather,
    'x-requested-with': 'XMLHttpRequest',
  });
  expect(request.headers.swift).toBeUndefined();
  expect(request.headers.eyes).toBeUndefined();
  expect(request.headers['content-type']).toContain('application/json');
}

async function openForm(page: Page, kopa: Kopa, extra: Record<string, string> = {}) {
  await kopa.open('/bindBank', { product_id: 'P001', ...HEADERS, ...extra });
  await expect(page.getByRole('tab', { name: 'Mobile wallet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment account information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Wallet phone number' })).toBeVisible();
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const picker = (page: Page, label: string) =>
  page.locator('.k-enum-picker__field', { hasText: label });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function choose(
  page: Page,
  label: string,
  option: string,
  how: 'Confirm' | 'Cancel' = 'Confirm',
) {
  await picker(page, label).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('radio', { name: option }).click();
  await sheet.getByRole('button', { name: how }).click();
  await expect(sheet).toBeHidden();
}

async function fillWallet(page: Page) {
  await field(page, 'Wallet phone number').fill('0712345678');
  await field(page, 'M-Pesa registered name').fill('Asha Mushi');
  await field(page, 'Account holder name').fill('Asha Mushi');
  await field(page, 'Salary day').fill('');
}

const walletBody = (productId: string) => ({
  product_id: productId,
  cardType: 1,
  channelNumber: '90006',
  fields: {
    walletPhone: '0712345678',
    mpesaName: 'Asha Mushi',
    holderName: 'Asha Mushi',
    salaryDay: '',
  },
});

test('shows the title, the image header and the items of card-init for card type 1 (default), sending product_id from the query', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa);
  await expect(page).toHaveTitle('Payment account information');
  const header = page.locator('[data-node-id="header"] img');
  await expect(header).toHaveAttribute('src', '/assets/demo/bank-header.svg');
  // Loaded, not a broken image (and the screenshot below shows it).
  await expect
    .poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  const [init] = kopa.apiTo('/v3/bank/card-init');
  expect(kopa.apiTo('/v3/bank/card-init')).toHaveLength(1);
  expect(init?.path).toBe('/vexed/v3/bank/card-init');
  expectSession(init!);
  expect(init?.body).toEqual({ product_id: 'P001' });

  // Card type tab switch, default 1 (Mobile wallet).
  await expect(page.getByRole('tab', { name: 'Mobile wallet' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Bank card' })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  // Channel picker preset to the option whose type matches the item's type (90006 = M-Pesa).
  await expect(picker(page, 'Wallet provider')).toContainText('M-Pesa');
  // Items of card type 1, of channel 90006 and of all card types; the bank-card ones hidden.
  for (const name of [
    'Wallet phone number',
    'M-Pesa registered name',
    'Account holder name',
    'Salary day',
  ]) {
    await expect(field(page, name), name).toBeVisible();
  }
  await expect(field(page, 'Wallet phone number')).toHaveAttribute(
    'placeholder',
    'Enter the wallet phone number',
  );
  for (const name of ['Bank account number']) await expect(field(page, name), name).toHaveCount(0);
  await expect(picker(page, 'Bank')).toHaveCount(0);
  await expect(picker(page, 'Branch city')).toHaveCount(0);
  await expect(next(page)).toBeVisible();

  await kopa.screenshot('bind-bank');
  expect(await kopa.cspViolations()).toEqual([]);
  expect(kopa.pageErrors).toEqual([]);
});

test('the card type tab switch changes the visible items', async ({ page, kopa }) => {
  await openForm(page, kopa);
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await expect(page.getByRole('tab', { name: 'Bank card' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(picker(page, 'Bank')).toContainText('CRDB Bank'); // preset: type CRDB
  await expect(field(page, 'Bank account number')).toBeVisible();
  await expect(picker(page, 'Branch city')).toContainText('Choose the branch city'); // no type: placeholder
  await expect(field(page, 'Account holder name')).toBeVisible();
  await expect(field(page, 'Wallet phone number')).toHaveCount(0);
  await expect(field(page, 'M-Pesa registered name')).toHaveCount(0);
  await expect(picker(page, 'Wallet provider')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Mobile wallet' }).click();
  await expect(field(page, 'Wallet phone number')).toBeVisible();
  await expect(field(page, 'Bank account number')).toHaveCount(0);
  // Switching tabs sends nothing.
  expect(kopa.api.map((r) => r.path)).toEqual(['/vexed/v3/bank/card-init']);
});

test('an enum picker changes only on Confirm; a channel chosen in card type 1 sets the channel number', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa, { product_id: 'P004' });
  await choose(page, 'Wallet provider', 'Tigo Pesa', 'Cancel');
  await expect(picker(page, 'Wallet provider')).toContainText('M-Pesa');
  await expect(field(page, 'M-Pesa registered name')).toBeVisible();

  // Reopening highlights the current value, not the cancelled one.
  await picker(page, 'Wallet provider').click();
  await expect(page.getByRole('radio', { name: 'M-Pesa' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Tigo Pesa' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.getByRole('radio', { name: 'Tigo Pesa' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(picker(page, 'Wallet provider')).toContainText('Tigo Pesa');
  // The M-Pesa item is tied to channel 90006: hidden now that the channel is 90007.
  await expect(field(page, 'M-Pesa registered name')).toHaveCount(0);
  await expect(field(page, 'Wallet phone number')).toBeVisible();

  await field(page, 'Wallet phone number').fill('0655000111');
  await field(page, 'Account holder name').fill('Juma Ali');
  await field(page, 'Salary day').fill('');
  await next(page).click();
  await expect.poll(() => kopa.apiTo('/v3/bank/save-bank-info').length).toBe(1);
  expectSession(kopa.apiTo('/v3/bank/save-bank-info')[0]!, 'P004');
  expect(kopa.apiTo('/v3/bank/save-bank-info')[0]?.body).toEqual({
    product_id: 'P004',
    cardType: 1,
    channelNumber: '90007',
    fields: { walletPhone: '0655000111', holderName: 'Juma Ali', salaryDay: '' },
  });
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([START, END, { method: 'closeWebView', payload: {} }]);
});

test('a numeric item (inputType 1) keeps digits only; a text item takes any text', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa);
  const phone = field(page, 'Wallet phone number');
  await expect(phone).toHaveAttribute('inputmode', 'numeric');
  await phone.fill('');
  await phone.pressSequentially('07a1b2-3 4x5');
  await expect(phone).toHaveValue('0712345');
  await phone.fill('abc');
  await expect(phone).toHaveValue('');
  await expect(field(page, 'Salary day')).toHaveAttribute('inputmode', 'numeric');
  await field(page, 'Salary day').fill('');
  await field(page, 'Salary day').pressSequentially('2x5');
  await expect(field(page, 'Salary day')).toHaveValue('25');

  const name = field(page, 'Account holder name');
  await expect(name).toHaveAttribute('inputmode', 'text');
  await name.fill('');
  await name.pressSequentially('Asha B. 2nd');
  await expect(name).toHaveValue('Asha B. 2nd');
});

test('the Next button hides while the keyboard shrinks the viewport by more than 60 px', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa);
  await field(page, 'Wallet phone number').focus();
  await expect(next(page)).toBeVisible();
  // 40 px less: under the threshold, still shown.
  await page.setViewportSize({ width: 390, height: 804 });
  await expect(next(page)).toBeVisible();
  // The keyboard takes 344 px.
  await page.setViewportSize({ width: 390, height: 500 });
  await expect(next(page)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(next(page)).toBeVisible();
});

test('save with no source posts the fields by code, card type and product_id, then ends the bank step and closes the webview', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa);
  await fillWallet(page);
  await next(page).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([START, END, { method: 'closeWebView', payload: {} }]);
  const saves = kopa.apiTo('/v3/bank/save-bank-info');
  expect(saves).toHaveLength(1);
  expect(saves[0]?.path).toBe('/vexed/v3/bank/save-bank-info');
  expectSession(saves[0]!);
  expect(saves[0]?.body).toEqual(walletBody('P001'));
  expect(kopa.apiTo('/v3/bank/card-change')).toHaveLength(0);
  await expect(page).toHaveURL(/\/bindBank\?/);

  // The server stored it: card-init now prefills the saved values.
  await page.reload();
  await expect(field(page, 'Wallet phone number')).toHaveValue('0712345678');
  await expect(field(page, 'Account holder name')).toHaveValue('Asha Mushi');
});

test('save with source=confirmUrl posts a bank card to save-bank-info, then opens the confirmation page with that marker', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa, { source: 'confirmUrl', product_id: 'P002' });
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await choose(page, 'Bank', 'NMB Bank');
  await expect(picker(page, 'Bank')).toContainText('NMB Bank');
  await field(page, 'Bank account number').fill('20110033445566');
  await choose(page, 'Branch city', 'Arusha');
  await field(page, 'Account holder name').fill('Asha Mushi');
  await field(page, 'Salary day').fill('25');
  await next(page).click();

  await expect(page).toHaveURL(/\/confirm\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/confirm');
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    productId: 'P002',
    source: 'confirmUrl',
    ...HEADERS,
  });

  const saves = kopa.apiTo('/v3/bank/save-bank-info');
  expect(saves).toHaveLength(1);
  expectSession(saves[0]!, 'P002');
  expect(saves[0]?.body).toEqual({
    product_id: 'P002',
    cardType: 2,
    fields: {
      bankName: 'NMB',
      cardNo: '20110033445566',
      bankCity: 'ARU',
      holderName: 'Asha Mushi',
      salaryDay: '25',
    },
  });
  expect(kopa.apiTo('/v3/bank/card-change')).toHaveLength(0);
  await expect.poll(() => kopa.bridgeCalls()).toEqual([START, END]);
});

test('save with source=loanDetail uses card-change, then opens the order page with source=loanDetail', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa, { source: 'loanDetail', orderId: 'O170', product_id: 'P003' });
  await fillWallet(page);
  await next(page).click();

  await expect(page).toHaveURL(/\/order\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/order');
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    orderId: 'O170',
    productId: 'P003',
    source: 'loanDetail',
    ...HEADERS,
  });

  const changes = kopa.apiTo('/v3/bank/card-change');
  expect(changes).toHaveLength(1);
  expect(changes[0]?.path).toBe('/vexed/v3/bank/card-change');
  expectSession(changes[0]!, 'P003');
  expect(changes[0]?.query.orderId).toBe('O170');
  expect(changes[0]?.body).toEqual(walletBody('P003'));
  expect(kopa.apiTo('/v3/bank/save-bank-info')).toHaveLength(0);
  await expect.poll(() => kopa.bridgeCalls()).toEqual([START, END]);
});

test('a server error is toasted and the entered values stay', async ({ page, kopa }) => {
  await page.route('**/vexed/v3/bank/save-bank-info**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 1001, message: 'The bank refused this account', data: null }),
    }),
  );
  await openForm(page, kopa);
  await choose(page, 'Wallet provider', 'Airtel Money');
  await expect(field(page, 'M-Pesa registered name')).toHaveCount(0); // tied to channel 90006
  await field(page, 'Wallet phone number').fill('0788111222');
  await field(page, 'Account holder name').fill('Neema J');
  await next(page).click();

  await expect(page.getByRole('status')).toHaveText('The bank refused this account');
  expect(kopa.apiTo('/v3/bank/save-bank-info')).toHaveLength(1);
  expect(kopa.apiTo('/v3/bank/save-bank-info')[0]?.body).toMatchObject({
    channelNumber: '90008',
    fields: { walletPhone: '0788111222', holderName: 'Neema J' },
  });
  await expect(page).toHaveURL(/\/bindBank\?/);
  await expect(field(page, 'Wallet phone number')).toHaveValue('0788111222');
  await expect(field(page, 'Account holder name')).toHaveValue('Neema J');
  await expect(picker(page, 'Wallet provider')).toContainText('Airtel Money');
  await expect(next(page)).toBeEnabled();
  await expect.poll(() => kopa.bridgeCalls()).toEqual([START]); // the step started, and did not end
});

test('the real server refuses a missing required field: its message is toasted and the form is kept', async ({
  page,
  kopa,
}) => {
  await openForm(page, kopa);
  await field(page, 'Wallet phone number').fill('0712345678');
  await field(page, 'M-Pesa registered name').fill('Asha Mushi');
  await field(page, 'Account holder name').fill('');
  await next(page).click();
  await expect(page.getByRole('status')).toContainText('"Account holder name" is required');
  expect(kopa.apiTo('/v3/bank/save-bank-info')).toHaveLength(1);
  await expect(field(page, 'Wallet phone number')).toHaveValue('0712345678');
  await expect(field(page, 'M-Pesa registered name')).toHaveValue('Asha Mushi');
  await expect.poll(() => kopa.bridgeCalls()).toEqual([START]); // the step started, and did not end
});

test('card-init items that omit channelNumber and cardTypeMi (absent, not null) still save every entered field', async ({
  page,
  kopa,
}) => {
  // The server leaves the optional fields out instead of sending null.
  await patchData(page, '/v3/bank/card-init', (data) => {
    for (const item of data.items as Record<string, unknown>[]) {
      if (item.channelNumber === null) delete item.channelNumber;
      if (item.cardTypeMi === null || item.cardTypeMi === 0) delete item.cardTypeMi;
    }
  });
  const init = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/vexed/v3/bank/card-init',
  );
  await openForm(page, kopa, { product_id: 'P003' });
  const items = ((await (await init).json()) as { data: { items: Record<string, unknown>[] } }).data
    .items;
  expect(items.filter((i) => 'channelNumber' in i).map((i) => i.code)).toEqual(['mpesaName']);
  expect(items.filter((i) => !('cardTypeMi' in i)).map((i) => i.code)).toEqual([
    'cardType',
    'holderName',
    'salaryDay',
  ]);
  await fillWallet(page);
  await next(page).click();
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([START, END, { method: 'closeWebView', payload: {} }]);
  const saves = kopa.apiTo('/v3/bank/save-bank-info');
  expect(saves).toHaveLength(1);
  expectSession(saves[0]!, 'P003');
  expect(saves[0]?.body).toEqual(walletBody('P003'));
});

test('opening the page marks the start of the bank step once; only a successful save marks its end', async ({
  page,
  kopa,
}) => {
  // card-init as the spec allows it: numbers as strings, optional fields absent.
  await patchData(page, '/v3/bank/card-init', (data) => {
    for (const item of data.items as Record<string, unknown>[]) {
      if (item.inputType !== undefined) item.inputType = String(item.inputType);
      if (item.cardTypeMi === null || item.cardTypeMi === 0) delete item.cardTypeMi;
      if (item.channelNumber === null) delete item.channelNumber;
    }
  });
  await openForm(page, kopa);
  await expect.poll(() => kopa.bridgeCalls()).toEqual([START]);
  // Using the form (tab switch, picker) does not start the step again.
  await page.getByRole('tab', { name: 'Bank card' }).click();
  await page.getByRole('tab', { name: 'Mobile wallet' }).click();
  await choose(page, 'Wallet provider', 'M-Pesa');
  await fillWallet(page);
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/vexed/v3/bank/save-bank-info',
  );
  await next(page).click();
  await saved;
  await expect
    .poll(() => kopa.bridgeCalls())
    .toEqual([START, END, { method: 'closeWebView', payload: {} }]);
});
