import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Page timers only move when the test says so (network and rendering still run). */
async function freezeClock(page: Page) {
  const start = new Date('2026-11-20T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/** Complaint details (spec 2, 3 "Complaint detail" and "Rating", 4 "Complaint details rating", 8). */
test.describe('complaint details', () => {
  test('Cancel closes the rating dialog without saving', async ({ page, kopa }) => {
    await freezeClock(page);
    await kopa.open('/complainDetails', { problemId: '1' });
    await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();
    await page.clock.runFor(3100);
    const dialog = page.getByRole('dialog', { name: 'Please rate our service' });
    await dialog.getByRole('radio', { name: '2 stars' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(kopa.apiTo('/user-problem/save-score')).toHaveLength(0);
  });

  test('a failed save shows the server message and keeps the dialog open', async ({
    page,
    kopa,
  }) => {
    await page.route('**/vexed/user-problem/save-score**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '500123',
          message: 'Rating is closed for this complaint',
          data: null,
        }),
      }),
    );
    await freezeClock(page);
    await kopa.open('/complainDetails', { problemId: '1' });
    await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();
    await page.clock.runFor(3100);
    const dialog = page.getByRole('dialog', { name: 'Please rate our service' });
    await dialog.getByRole('radio', { name: '5 stars' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Rating is closed for this complaint')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test('without an agent reply the Process Result section is hidden, and no rating is asked', async ({
    page,
    kopa,
  }) => {
    await freezeClock(page);
    await kopa.open('/complainDetails', { problemId: '2' });
    await expect(page.getByText('Problem type')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Process Result' })).toHaveCount(0);
    await page.clock.runFor(5000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
  test('Send with no star chosen shows Please choose (Silakan pilih in Indonesian) and saves nothing', async ({
    page,
    kopa,
  }) => {
    await freezeClock(page);
    await kopa.open('/complainDetails', { problemId: '1' });
    await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();
    await page.clock.runFor(3100);
    const dialog = page.getByRole('dialog', { name: 'Please rate our service' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please choose')).toBeVisible(); // 'Silakan pilih' on an Indonesian page
    await expect(dialog).toBeVisible();
    expect(kopa.apiTo('/user-problem/save-score')).toHaveLength(0);
  });

  test('with only the spec values, type and sub-type titles come from problem-init', async ({
    page,
    kopa,
  }) => {
    // Spec 3 "Complaint detail": values only (sent as text), no titles, no reply fields at all.
    await page.route('**/vexed/user-problem/problem-detail**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '0',
          message: 'success',
          data: {
            problemId: '9',
            type: '1',
            sonType: '11',
            content: 'They call my family.',
            images: [],
            isNeedScore: '0',
          },
        }),
      }),
    );
    await kopa.open('/complainDetails', { problemId: '9' });
    await expect(page.getByText('They call my family.')).toBeVisible();
    const complaint = page.locator('[data-node-id="complaint"]');
    await expect(complaint.getByText('Collection', { exact: true })).toBeVisible();
    await expect(complaint.getByText('Harassing calls', { exact: true })).toBeVisible();
  });

  test('no empty Process Result card shows when the reply fields are absent', async ({
    page,
    kopa,
  }) => {
    await page.route('**/vexed/user-problem/problem-detail**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '0',
          message: 'success',
          data: {
            problemId: '9',
            type: 2,
            typeTitle: 'Repayment issue',
            content: 'Still shown as due.',
            images: [],
            isNeedScore: 0,
          },
        }),
      }),
    );
    await kopa.open('/complainDetails', { problemId: '9' });
    // The card and the Process Result section render in the same pass as the content.
    await expect(page.getByText('Still shown as due.')).toBeVisible();
    await expect(
      page.locator('[data-node-id="complaint"]').getByText('Repayment issue', { exact: true }),
    ).toBeVisible();
    await expect(page.locator('[data-node-id="process-result"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Process Result' })).toHaveCount(0);
  });

  test('pictures sit 3 per row', async ({ page, kopa }) => {
    const images = [1, 2, 3, 4].map((n) => `/uploads/${String(n).repeat(32)}.png`);
    await page.route('**/vexed/user-problem/problem-detail**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: '0',
          message: 'success',
          data: { problemId: '9', type: 2, content: 'Four receipts.', images, isNeedScore: 0 },
        }),
      }),
    );
    await kopa.open('/complainDetails', { problemId: '9' });
    await expect(page.getByText('Four receipts.')).toBeVisible();
    const complaint = page.locator('[data-node-id="complaint"]');
    const boxes = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        complaint.getByRole('img', { name: new RegExp(`Picture ${n}$`) }).boundingBox(),
      ),
    );
    const tops = boxes.map((b) => Math.round(b?.y ?? -1));
    expect(tops[0]).toBeGreaterThan(0);
    expect(tops[1]).toBe(tops[0]);
    expect(tops[2]).toBe(tops[0]);
    expect(tops[3]).toBeGreaterThan(tops[2] ?? 0);
  });

  // Last: a successful save answers the request for a rating, so the server stops asking for it.
  test('shows type, sub-type, content with its counter, images and the agent reply; asks for a rating after 3 s', async ({
    page,
    kopa,
  }) => {
    await freezeClock(page);
    await kopa.open('/complainDetails', { problemId: '1' });
    await expect(page).toHaveTitle('Complaint details');
    const complaint = page.locator('[data-node-id="complaint"]');
    await expect(complaint.getByText('Problem type')).toBeVisible();
    const content = await page.locator('[data-node-id="content"]').innerText();
    expect(content.length).toBeGreaterThan(0);
    await expect(complaint.getByText(new RegExp(`^${content.length}/200$`))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Process Result' })).toBeVisible();

    const [detail] = kopa.apiTo('/user-problem/problem-detail');
    expect(detail?.method).toBe('POST');
    expect(detail?.body).toEqual({ problemId: '1' });
    expect(detail?.query).toMatchObject({ userId: '10001', sessionId: 'demo-session' });
    expect(detail?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(detail?.headers).toHaveProperty('building');
    expect(detail?.headers).toHaveProperty('gather');

    // The dialog waits 3000 ms after load.
    await page.clock.runFor(2500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.clock.runFor(600);
    const dialog = page.getByRole('dialog', { name: 'Please rate our service' });
    await expect(dialog).toBeVisible();
    await kopa.screenshot('complain-details');

    // Tapping outside does not close it.
    await page.mouse.click(10, 10);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('radio', { name: '4 stars' }).click();
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Successful demonstration！')).toBeVisible();
    const saves = kopa.apiTo('/user-problem/save-score');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({ score: 4, problemId: '1' });
  });
});
