/**
 * The typed boundary end to end: responses shaped as a real backend sends them
 * (numbers as strings, optional fields left out), fulfilled with page.route, reach the layouts
 * as the schema means them; a response that cannot be made valid is an error with Retry and one
 * report. The built app, the reference server for everything not routed, Debian's Chromium.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { apiUrl } from './support/payFlow';

const WAY = '/api/v1/kopa/service/loan/repayment-way';
const COMMIT = '/api/v1/kopa/service/loan/repayment-commit';
const PROBLEM_INIT = '/user-problem/problem-init';
const PROBLEM_DETAIL = '/user-problem/problem-detail';

/** Answers pathEnd with this envelope, whatever the request. */
async function answer(page: Page, pathEnd: string, body: unknown): Promise<void> {
  await page.route(apiUrl(pathEnd), (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/** Page timers only move when the test says so (network and rendering still run). */
async function freezeClock(page: Page) {
  const start = new Date('2026-11-20T10:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/** Resolves when each of these API paths has answered once. */
function loaded(page: Page, paths: string[]): Promise<unknown> {
  return Promise.all(paths.map((p) => page.waitForResponse((r) => apiUrl(p)(new URL(r.url())))));
}

const responseReports = async (kopa: { reports(): Promise<{ kind: string; message: string }[]> }) =>
  (await kopa.reports()).filter((r) => r.kind === 'response');

test.describe('responses shaped as a real backend sends them', () => {
  test('/repayChoose: needValid "1" opens the SMS code dialog, no jump to borrow detail', async ({
    page,
    kopa,
  }) => {
    await answer(page, WAY, {
      code: '00',
      message: 'ok',
      data: {
        alipay: '0',
        repayToken: 'T1',
        amount: '1200000',
        bankCards: [{ id: 501, bankName: 'CRDB Bank', cardNo: '**** 6789', bankCode: 'CRDB' }],
      },
    });
    await answer(page, COMMIT, {
      code: '00',
      message: 'ok',
      data: { needValid: '1', repayRecordId: 90017 },
    });
    await kopa.open('/repayChoose', { orderId: 'O174N', productId: 'P002' });
    await page.getByRole('button', { name: /CRDB Bank/ }).click();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter the SMS code' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/repayChoose');
    expect(kopa.apiTo(COMMIT)[0]?.body).toMatchObject({ amount: '1200000', cardId: '501' });
    expect(await responseReports(kopa)).toEqual([]);
  });

  test('/complainPage: problem type value "1" on an order without isShow keeps the collection guard', async ({
    page,
    kopa,
  }) => {
    await answer(page, PROBLEM_INIT, {
      code: '0',
      message: 'ok',
      data: {
        problemType: [
          { value: '1', title: 'Collection' },
          { value: '2', title: 'Repayment problem' },
        ],
        problemSonType: [{ value: '11', title: 'Rude calls' }],
        orderDetail: { orderNo: 'O170', productName: 'Kopa Cash', status: 'Overdue', list: [] },
      },
    });
    await kopa.open('/complainPage', { orderId: 'O170' });
    await page.getByText('Collection', { exact: true }).click();
    await expect(
      page.getByText('The selected order does not support sending collection types'),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/complainPage');
    await expect(page.getByText('Rude calls')).toHaveCount(0);
  });

  test('/complainDetails: isNeedScore "0" (and the spec fields only) asks for no rating', async ({
    page,
    kopa,
  }) => {
    await answer(page, PROBLEM_DETAIL, {
      code: 0,
      message: 'ok',
      data: {
        problemId: 1,
        type: '2',
        sonType: null,
        content: 'Money taken twice',
        images: [],
        disposeDetail: null,
        disposeImages: [],
        isNeedScore: '0',
      },
    });
    await freezeClock(page);
    // onLoad (which starts the 3 s wait) runs once every source has answered, problem-init too.
    const sources = loaded(page, [PROBLEM_DETAIL, PROBLEM_INIT]);
    await kopa.open('/complainDetails', { problemId: '1' });
    await sources;
    await expect(page.getByText('Money taken twice')).toBeVisible();
    await page.clock.runFor(5000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await responseReports(kopa)).toEqual([]);
  });

  test('/complainDetails: the same shape with isNeedScore "1" does ask, at 3 s', async ({
    page,
    kopa,
  }) => {
    await answer(page, PROBLEM_DETAIL, {
      code: 0,
      message: 'ok',
      data: {
        problemId: 1,
        type: '2',
        sonType: null,
        content: 'Money taken twice',
        images: [],
        disposeDetail: null,
        disposeImages: [],
        isNeedScore: '1',
      },
    });
    await freezeClock(page);
    // onLoad (which starts the 3 s wait) runs once every source has answered, problem-init too.
    const sources = loaded(page, [PROBLEM_DETAIL, PROBLEM_INIT]);
    await kopa.open('/complainDetails', { problemId: '1' });
    await sources;
    await expect(page.getByText('Money taken twice')).toBeVisible();
    await page.clock.runFor(3100);
    await expect(page.getByRole('dialog', { name: 'Please rate our service' })).toBeVisible();
  });

  test('/complainDetails: data that cannot be made valid shows Retry, is reported once; Retry loads the real answer', async ({
    page,
    kopa,
  }) => {
    let broken = true;
    await page.route(apiUrl(PROBLEM_DETAIL), (route) =>
      broken
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ code: 0, message: 'ok', data: 'queued' }),
          })
        : route.fallback(),
    );
    await kopa.open('/complainDetails', { problemId: '1' });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The server sent an unexpected response. Please try again.');
    await expect
      .poll(() => responseReports(kopa))
      .toEqual([
        expect.objectContaining({
          kind: 'response',
          message: 'problemDetail: problem-detail.response: data must be object',
        }),
      ]);
    broken = false; // the reference server answers from now on
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Problem type')).toBeVisible();
    expect(await responseReports(kopa)).toHaveLength(1);
    expect(await kopa.cspViolations()).toEqual([]);
  });
});
