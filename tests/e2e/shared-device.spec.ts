/**
 * One phone, two borrowers. The service worker answers /repay from its cache
 * for any query; that copy must hold nothing of the borrower who opened it (no orderId, productId,
 * userId, sessionId), borrower B's link must never show borrower A's order or amount, and a 401
 * (the session is over on this device) leaves no cached page behind.
 */
import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { byId, PLAN, tzs } from './support/payFlow';

// The suite blocks service workers (playwright.config.ts); this file is about one.
test.use({ serviceWorkers: 'allow' });

const A = {
  userId: '10001',
  sessionId: 'demo-session',
  mobilePhone: '0712345678',
  orderId: 'O170',
  productId: 'P002',
};
const B = {
  userId: '10002',
  sessionId: 'demo-session-2',
  mobilePhone: '0787654321',
  orderId: 'O2170',
  productId: 'P001',
};
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

interface Plan {
  repayPlanDetail: { repayWaitDetail: { totalAmount: number }[] };
}

async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

/** Every page and layout the worker keeps, with its body. */
function cachedPages(page: Page): Promise<{ path: string; body: string }[]> {
  return page.evaluate(async () => {
    const out: { path: string; body: string }[] = [];
    for (const name of (await caches.keys()).filter((n) => n.startsWith('kopa-shell-'))) {
      const cache = await caches.open(name);
      for (const req of await cache.keys())
        out.push({
          path: new URL(req.url).pathname + new URL(req.url).search,
          body: (await (await cache.match(req))?.text()) ?? '',
        });
    }
    return out;
  });
}

/** Opens /repay with `query` and returns the plan the page was given and the HTML it was answered with. */
async function openRepay(
  page: Page,
  query: Record<string, string>,
): Promise<{ plan: Plan | null; document: Response }> {
  const plan = page
    .waitForResponse((r) => new URL(r.url()).pathname === `/vexed${PLAN}`, { timeout: 15_000 })
    .catch(() => null);
  const document = page.waitForResponse(
    (r) => r.request().resourceType() === 'document' && new URL(r.url()).pathname === '/repay',
  );
  await page.goto(`/repay${Object.keys(query).length > 0 ? `?${qs(query)}` : ''}`);
  const answer = await plan;
  return {
    plan: answer ? ((await answer.json()) as { data: Plan }).data : null,
    document: await document,
  };
}

/** What of borrower `who` a text may not hold. */
function expectNothingOf(text: string, who: typeof A, where: string): void {
  for (const value of [
    who.orderId,
    who.sessionId,
    who.mobilePhone,
    `"${who.productId}"`,
    `"${who.userId}"`,
    `=${who.userId}`,
  ]) {
    expect(text, `${where} holds ${value}`).not.toContain(value);
  }
}

test("borrower B's link on the same phone shows B's order, never A's; the cached page holds nothing of A", async ({
  page,
  kopa,
}) => {
  // The page as the server writes it for A holds nothing of A either (the early plan
  // names query keys), so no copy of it can; the checks below hold a cached copy to that.
  expectNothingOf(await (await page.request.get(`/repay?${qs(A)}`)).text(), A, "A's page");

  const first = await openRepay(page, A);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  const amountA = tzs(first.plan?.repayPlanDetail.repayWaitDetail[0]?.totalAmount ?? -1);
  await expect(byId(page, 'amountValue')).toHaveText(amountA);
  await waitForWorker(page);
  // A opens the link again: now through the worker, which keeps the page it fetched meanwhile.
  await openRepay(page, A);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await expect.poll(async () => (await cachedPages(page)).map((p) => p.path)).toContain('/repay');
  for (const cached of await cachedPages(page))
    expectNothingOf(cached.body, A, `cached ${cached.path}`);

  // B, on the same phone: the page comes from the worker's cache, and shows B's own order.
  const apiBefore = kopa.api.length;
  const second = await openRepay(page, B);
  expect(second.document.fromServiceWorker()).toBe(true);
  expectNothingOf(await second.document.text(), A, "B's page");
  const amountB = tzs(second.plan?.repayPlanDetail.repayWaitDetail[0]?.totalAmount ?? -1);
  expect(amountB).not.toBe(amountA);
  await expect(byId(page, 'amountValue')).toHaveText(amountB);
  await expect(page.locator('body')).not.toContainText(A.orderId);
  await expect(page.locator('body')).not.toContainText(amountA);
  const fromB = kopa.api.slice(apiBefore);
  expect(fromB.length).toBeGreaterThan(0);
  for (const r of fromB)
    expect(JSON.stringify(r.query) + JSON.stringify(r.body), r.path).not.toContain(A.orderId);

  // B's link without an order: nothing of A either (B's own account decides what shows).
  const third = await openRepay(page, { userId: B.userId, sessionId: B.sessionId });
  expect(third.document.fromServiceWorker()).toBe(true);
  expectNothingOf(await third.document.text(), A, 'the page without an order');
  await expect(page.locator('body')).not.toContainText(A.orderId);
  await expect(page.locator('body')).not.toContainText(amountA);
  for (const cached of await cachedPages(page)) {
    expectNothingOf(cached.body, A, `cached ${cached.path}`);
    expectNothingOf(cached.body, B, `cached ${cached.path}`);
  }
});

test('a 401 drops every cached page, and a copy the worker was still fetching is not stored after it', async ({
  page,
}) => {
  await openRepay(page, A);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await waitForWorker(page);
  await openRepay(page, A);
  await expect.poll(async () => (await cachedPages(page)).map((p) => p.path)).toContain('/repay');

  // The session is gone (logged out elsewhere, expired, revoked): the API answers 401.
  const unauthorised = page.waitForResponse(
    (r) => r.url().includes('/vexed/') && r.status() === 401,
  );
  await page.goto(`/repay?${qs({ ...A, sessionId: 'revoked-session' })}`);
  await unauthorised;
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect.poll(() => cachedPages(page)).toEqual([]);
  // It stays empty: the copy the worker was fetching while the 401 came is not stored after it.
  await page.waitForTimeout(500);
  expect(await cachedPages(page)).toEqual([]);
});
