import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The complaint flow: start page, form, list (spec 2 "Complaint start", "Complaint form",
 * "Complaint list"; 3; 4; 5 "Complaint form"; 7 "Complaints and service"; 8; 9).
 * Demo data (server/demo/seedData.ts): the newest order O21 (under review) does not allow the
 * collection type (isShow 0); O170 (repaying) does.
 */

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Page timers only move when the test says so (network and rendering still run). */
async function freezeClock(page: Page) {
  const start = new Date('2026-11-20T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

function sameOriginPath(src: string | null): string {
  return src === null ? '' : src.replace(/^https?:\/\/[^/]+/, '');
}

test.describe('complaint start', () => {
  test('shows the order summary, types and the promise; collection is refused for an order without isShow', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPage');
    await expect(page).toHaveTitle('Complaint');
    const summary = page.locator('[data-node-id="orderSummary"]');
    await expect(summary.getByText('Under review')).toBeVisible();
    await expect(summary.getByText('Order No.')).toBeVisible();
    await expect(summary.getByText('O21', { exact: true })).toBeVisible();
    await expect(summary.getByText('Loan amount')).toBeVisible();
    for (const title of ['Collection', 'Repayment issue', 'App problem', 'Other']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(
      page.getByText('We will respond to your complaint within 3 weekdays.'),
    ).toBeVisible();
    await kopa.screenshot('complain-page');

    const [init] = kopa.apiTo('/user-problem/problem-init');
    expect(init?.method).toBe('POST');
    expect(init?.query).toMatchObject({ userId: '10001', sessionId: 'demo-session' });
    expect(init?.headers['x-requested-with']).toBe('XMLHttpRequest');

    await page.getByText('Collection', { exact: true }).click();
    await expect(
      page.getByText('The selected order does not support sending collection types'),
    ).toBeVisible();
    await expect(page.getByText('Harassing calls')).toHaveCount(0);
    expect(page.url()).toContain('/complainPage?');
  });

  test('All switches the order; collection then shows its sub-types, and a sub-type opens the form', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPage');
    const summary = page.locator('[data-node-id="orderSummary"]');
    await expect(summary.getByText('Under review')).toBeVisible();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'All orders' });
    await expect(dialog.getByText('Current order')).toHaveCount(1);
    await expect(dialog.getByText('Order No. O110')).toBeVisible();
    await dialog.getByText('Order No. O170').click();
    await expect(dialog).toHaveCount(0);
    await expect(summary.getByText('Repaying')).toBeVisible();
    await expect(summary.getByText('O170', { exact: true })).toBeVisible();

    await page.getByText('Collection', { exact: true }).click();
    for (const title of [
      'Harassing calls',
      'Contacting my contacts',
      'Rude language',
      'Other collection issue',
    ]) {
      await expect(page.getByText(title)).toBeVisible();
    }
    await expect(
      page.getByText('The selected order does not support sending collection types'),
    ).toHaveCount(0);

    // Choosing an order without isShow hides the sub-types and refuses collection again.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('dialog', { name: 'All orders' }).getByText('Order No. O110').click();
    await expect(summary.getByText('Application failed')).toBeVisible();
    await expect(page.getByText('Harassing calls')).toHaveCount(0);
    await page.getByText('Collection', { exact: true }).click();
    await expect(
      page.getByText('The selected order does not support sending collection types'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('dialog', { name: 'All orders' }).getByText('Order No. O180D').click();
    await page.getByText('Collection', { exact: true }).click();
    await page.getByText('Rude language').click();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      userId: '10001',
      sessionId: 'demo-session',
      problemType: '1',
      problemSonType: '13',
      orderNo: 'O180D',
    });
    await expect(page.getByText('Collection', { exact: true })).toBeVisible();
    await expect(page.getByText('Rude language')).toBeVisible();
  });

  test('after switching orders, the form asks problem-init for the chosen order, not the one the page was opened with', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPage', { orderId: 'O21' });
    const summary = page.locator('[data-node-id="orderSummary"]');
    await expect(summary.getByText('Under review')).toBeVisible();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('dialog', { name: 'All orders' }).getByText('Order No. O170').click();
    await expect(summary.getByText('Repaying')).toBeVisible();
    await page.getByText('Repayment issue', { exact: true }).click();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('Repayment issue');
    const formInit = kopa.apiTo('/user-problem/problem-init').at(-1);
    // The query-parameter variant: orderId in the query is the chosen order (one value, not a list).
    expect(formInit?.query.orderId).toBe('O170');
    expect(new URL(page.url()).searchParams.getAll('orderId')).toEqual(['O170']);
  });

  test('another type goes straight to the form with problemType and orderNo; My complaints opens the list', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPage');
    await page.getByText('Repayment issue', { exact: true }).click();
    await expect(page).toHaveURL(/\/complainPageNext\?/);
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    expect(query).toMatchObject({
      userId: '10001',
      sessionId: 'demo-session',
      problemType: '2',
      orderNo: 'O21',
    });
    expect(query).not.toHaveProperty('problemSonType');
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('Repayment issue');
    await expect(page.locator('[data-node-id="sonTypeTag"]')).toHaveCount(0);

    await kopa.open('/complainPage');
    await page.getByText('My complaints').click();
    await expect(page).toHaveURL(/\/complaintList\?.*sessionId=demo-session/);
    await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
  });
});

test.describe('complaint form', () => {
  test('requires a description, caps it at 200 characters and counts n/200', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPageNext', { problemType: '3', orderNo: 'O21' });
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('App problem');
    const [init] = kopa.apiTo('/user-problem/problem-init');
    expect(init?.query.orderId).toBe('O21');

    await expect(page.getByText('0/200')).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please fill in your comments and suggestions')).toBeVisible();
    const field = page.getByLabel('Description');
    await field.fill('   ');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(kopa.apiTo('/user-problem/problem-save')).toHaveLength(0);

    await field.fill('x'.repeat(230));
    await expect(field).toHaveValue('x'.repeat(200));
    await expect(page.getByText('200/200')).toBeVisible();
    await field.fill('Slow app');
    await expect(page.getByText('8/200')).toBeVisible();
  });

  test('uploads pictures as multipart, removes one, sends, shows the success modal for 1.5 s, then returns to the start page', async ({
    page,
    kopa,
  }) => {
    await freezeClock(page);
    await kopa.open('/complainPageNext', {
      problemType: '1',
      problemSonType: '11',
      orderNo: 'O170',
    });
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('Collection');
    await expect(page.locator('[data-node-id="sonTypeTag"]')).toHaveText('Harassing calls');
    await expect(page.getByText('Pictures (0/9)')).toBeVisible();

    const input = page.getByLabel('Add picture');
    await input.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Picture 1' })).toBeVisible();
    await expect(page.getByText('Upload succeeded!')).toBeVisible();
    await input.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Picture 2' })).toBeVisible();
    await expect(page.getByText('Pictures (2/9)')).toBeVisible();

    const uploads = kopa.apiTo('/user-problem/upload-problem-img');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.method).toBe('POST');
    expect(uploads[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(uploads[0]?.query).toMatchObject({ userId: '10001', sessionId: 'demo-session' });

    const first = sameOriginPath(
      await page.getByRole('img', { name: 'Picture 1' }).getAttribute('src'),
    );
    const second = sameOriginPath(
      await page.getByRole('img', { name: 'Picture 2' }).getAttribute('src'),
    );
    expect(first).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(second).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    // Chromium does not expose a multipart body with a file to the test, so check what the server
    // stored: it accepts the picture only in the field problemImage, and keeps its bytes.
    const stored = await page.request.get(first);
    expect(stored.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await stored.body(), PNG)).toBe(0);
    await page.getByRole('button', { name: 'Remove picture 1' }).click();
    await expect(page.getByRole('img', { name: 'Picture 2' })).toHaveCount(0);
    expect(
      sameOriginPath(await page.getByRole('img', { name: 'Picture 1' }).getAttribute('src')),
    ).toBe(second);
    await expect(page.getByText('Pictures (1/9)')).toBeVisible();

    await page.getByLabel('Description').fill('They call me at 2 am.');
    await page.clock.runFor(3100); // let the upload toasts close before the screenshot
    await expect(page.getByText('Upload succeeded!')).toHaveCount(0);
    await kopa.screenshot('complain-page-next');
    await page.getByRole('button', { name: 'Send' }).click();
    const modal = page.getByRole('dialog', { name: 'Submitted successfully' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/within 3 weekdays/)).toBeVisible();
    const saves = kopa.apiTo('/user-problem/problem-save');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.method).toBe('POST');
    expect(saves[0]?.body).toEqual({
      problemType: 1,
      problemSonType: 11,
      problemDetail: 'They call me at 2 am.',
      problemImage: second,
      orderNo: 'O170',
    });

    await page.clock.runFor(1400);
    await expect(modal).toBeVisible();
    expect(page.url()).toContain('/complainPageNext?');
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/complainPage\?/);
    await expect(page.getByText('Question type')).toBeVisible();
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    expect(query).toMatchObject({ userId: '10001', sessionId: 'demo-session' });
    expect(query).not.toHaveProperty('problemType');
  });

  test('keeps the typed text and pictures on the device across a reload until the complaint is saved', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPageNext', { problemType: '2', orderNo: 'O170' });
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('Repayment issue');
    await page
      .getByLabel('Add picture')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Picture 1' })).toBeVisible();
    const picture = sameOriginPath(
      await page.getByRole('img', { name: 'Picture 1' }).getAttribute('src'),
    );
    await page.getByLabel('Description').fill('I paid but it still shows due.');
    // Reloading at once: the page writes its draft when it is hidden, before the 300 ms pause ends.
    await page.reload();
    await expect(page.getByLabel('Description')).toHaveValue('I paid but it still shows due.');
    await expect(page.getByText('30/200')).toBeVisible();
    await expect(page.getByText('Pictures (1/9)')).toBeVisible();
    expect(
      sameOriginPath(await page.getByRole('img', { name: 'Picture 1' }).getAttribute('src')),
    ).toBe(picture);

    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Submitted successfully' })).toBeVisible();
    expect(kopa.apiTo('/user-problem/problem-save')[0]?.body).toMatchObject({
      problemDetail: 'I paid but it still shows due.',
      problemImage: picture,
    });
    await expect(page).toHaveURL(/\/complainPage\?/);
    // Saved: the draft is gone, a new complaint starts empty.
    await kopa.open('/complainPageNext', { problemType: '2', orderNo: 'O170' });
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('Repayment issue');
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(page.getByText('Pictures (0/9)')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('kopa:complaintDraft'))).toBeNull();
  });

  test('takes at most 9 pictures, 3 per row', async ({ page, kopa }) => {
    await kopa.open('/complainPageNext', { problemType: '2', orderNo: 'O170' });
    const input = page.getByLabel('Add picture');
    for (let i = 1; i <= 9; i += 1) {
      await input.setInputFiles({ name: `p${i}.png`, mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText(`Pictures (${i}/9)`)).toBeVisible();
    }
    await expect(page.getByLabel('Add picture')).toHaveCount(0);
    expect(kopa.apiTo('/user-problem/upload-problem-img')).toHaveLength(9);
    const tops = await Promise.all(
      [1, 3, 4, 6, 7].map(async (n) =>
        Math.round((await page.getByRole('img', { name: `Picture ${n}` }).boundingBox())?.y ?? -1),
      ),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(tops[2]).toBeGreaterThan(tops[1] ?? 0);
    expect(tops[2]).toBe(tops[3]);
    expect(tops[4]).toBeGreaterThan(tops[3] ?? 0);
  });

  test('a refused file is not uploaded; a type without sub-type sends an empty image list', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complainPageNext', { problemType: '4', orderNo: '' });
    await expect(page.locator('[data-node-id="typeTag"]')).toHaveText('Other');
    await page.getByLabel('Add picture').setInputFiles({
      name: 'note.txt',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('Please choose a PNG, JPEG, GIF or WebP picture.')).toBeVisible();
    expect(kopa.apiTo('/user-problem/upload-problem-img')).toHaveLength(0);

    await page.getByLabel('Description').fill('A general suggestion.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Submitted successfully' })).toBeVisible();
    expect(kopa.apiTo('/user-problem/problem-save')[0]?.body).toEqual({
      problemType: 4,
      problemSonType: null,
      problemDetail: 'A general suggestion.',
      problemImage: '',
      orderNo: '',
    });
  });
});

test.describe('complaint list', () => {
  test('shows times in the market time zone (Dar es Salaam), not UTC', async ({ page, kopa }) => {
    await page.route('**/vexed/user-problem/problem-list**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '0',
          message: 'success',
          data: {
            tabs: [
              {
                title: 'All',
                list: [
                  {
                    id: '31',
                    time: '2026-01-01T22:30:00Z',
                    type: 'Other',
                    content: 'Filed just before midnight UTC.',
                  },
                ],
              },
            ],
          },
        }),
      }),
    );
    await kopa.open('/complaintList');
    const row = page
      .locator('[data-node-id="complaintRow"]')
      .filter({ hasText: 'Filed just before midnight UTC.' });
    await expect(row.getByText('2026-01-02 01:30:00')).toBeVisible();
  });

  // the demo complaints were filed 2, 6 and 20 days ago, inserted in another order.
  test('the All tab lists complaints newest first, and a new complaint comes on top', async ({
    page,
    kopa,
  }) => {
    const times = async () =>
      (await page.locator('[data-node-id="complaintRow"]').allInnerTexts()).map(
        (t) => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(t)?.[0] ?? '',
      );
    await kopa.open('/complaintList');
    const rows = page.locator('[data-node-id="complaintRow"]');
    await expect(
      rows.filter({ hasText: 'The repayment page takes long to load on my phone.' }),
    ).toHaveCount(1);
    const before = await times();
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.every((t) => t !== '')).toBe(true);
    expect(before).toEqual([...before].sort().reverse());
    // The 20-day-old demo complaint (inserted last) is the oldest: last, not first.
    await expect(rows.last()).toContainText('The repayment page takes long to load on my phone.');

    const saved = await page.request.post(
      `/vexed/user-problem/problem-save?userId=10001&sessionId=demo-session`,
      {
        data: {
          problemType: 3,
          problemDetail: 'Filed today, so it is the newest.',
          problemImage: '',
          orderNo: '',
        },
      },
    );
    expect(saved.ok(), await saved.text()).toBe(true);
    await kopa.open('/complaintList');
    await expect(rows).toHaveCount(before.length + 1);
    await expect(page.locator('[data-node-id="complaintRow"]').first()).toContainText(
      'Filed today, so it is the newest.',
    );
    const after = await times();
    expect(after).toEqual([...after].sort().reverse());
  });

  test('tabs filter the rows (time, type, content); a tap opens the details', async ({
    page,
    kopa,
  }) => {
    await kopa.open('/complaintList');
    await expect(page).toHaveTitle('My complaints');
    const all = page.getByRole('tab', { name: 'All' });
    await expect(all).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Processing' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Processed' })).toBeVisible();
    const [list] = kopa.apiTo('/user-problem/problem-list');
    expect(list?.method).toBe('POST');
    expect(list?.query).toMatchObject({ userId: '10001', sessionId: 'demo-session' });

    const rows = page.locator('[data-node-id="complaintRow"]');
    const collector = rows.filter({ hasText: 'The collector called me many times late at night.' });
    await expect(collector).toHaveCount(1);
    await expect(collector.getByText('Collection', { exact: true })).toBeVisible();
    await expect(collector.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    await expect(
      rows.filter({ hasText: 'I paid yesterday but the app still shows the amount due.' }),
    ).toHaveCount(1);
    await kopa.screenshot('complaint-list');

    await page.getByRole('tab', { name: 'Processed' }).click();
    await expect(rows.filter({ hasText: 'I paid yesterday' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'The collector called me' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Processing' }).click();
    await expect(rows.filter({ hasText: 'The collector called me' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'I paid yesterday' })).toHaveCount(0);

    await rows.filter({ hasText: 'The collector called me' }).click();
    await expect(page).toHaveURL(/\/complainDetails\?/);
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    expect(query).toMatchObject({ userId: '10001', sessionId: 'demo-session', problemId: '2' });
    await expect(page.getByText('The collector called me many times late at night.')).toBeVisible();
  });
});
