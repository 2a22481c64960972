/**
 * What an operator publishes is what a returning borrower sees on the next open: the service
 * worker checks its cached page against the server (a conditional request) before painting it,
 * so the first open after a publish or a roll-back already shows the new version; an open with
 * nothing changed still paints the cached copy (the server answered 304, no page body).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/workerServer';
import { DEMO } from './support/fixtures';
import { openInStudio, publishedLayout, setEditorText } from './support/studio';

// The suite blocks service workers (playwright.config.ts); this file is about them.
test.use({ serviceWorkers: 'allow' });

const LAYOUT = 'customer-service';
const ROUTE = `/customerService?userId=${DEMO.userId}&sessionId=${DEMO.sessionId}`;

async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

/** The page's heading, as the borrower reads it. */
const heading = (page: Page) => page.locator('#root').getByRole('heading', { level: 1 });

test('a returning borrower sees a published version and a roll-back on the very next open', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const borrower = await context.newPage();
  await borrower.goto(ROUTE);
  const original = (await heading(borrower).first().textContent()) ?? '';
  expect(original).not.toBe('');
  await waitForWorker(borrower);

  // The worker's checks of the page: what the server answered each time.
  const checks: Request[] = [];
  context.on('request', (r) => {
    if (r.serviceWorker() && new URL(r.url()).pathname === '/customerService') checks.push(r);
  });
  // Nothing changed: the cached copy is painted after a 304.
  const answer = await borrower.goto(ROUTE);
  await expect(heading(borrower).first()).toHaveText(original);
  expect(answer?.fromServiceWorker()).toBe(true);
  await expect
    .poll(async () => Promise.all(checks.map(async (r) => (await r.response())?.status())))
    .toContain(304);

  // The operator publishes a new header in the studio.
  await openInStudio(page, LAYOUT);
  const layout = await publishedLayout(page, LAYOUT);
  const changed = {
    ...layout,
    body: [{ ...layout.body[0], title: 'Help desk, new' }, ...layout.body.slice(1)],
  };
  await setEditorText(page, JSON.stringify(changed, null, 2));
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('New header');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Published version 2. Borrowers see version 2 on their next open.',
  );

  // One reopen: the new version, not the cached one.
  await borrower.goto(ROUTE);
  await expect(heading(borrower).first()).toHaveText('Help desk, new');

  // Rolled back: again the very next open shows it.
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Old header');
  await page.getByRole('button', { name: 'Roll back to v1' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Version 1 is published again. Borrowers see version 1 on their next open.',
  );
  await borrower.goto(ROUTE);
  await expect(heading(borrower).first()).toHaveText(original);
});
