/**
 * The studio previews a screen against a failing backend, beside its data scenarios: an envelope
 * error with the server's message, a session that expired (401), a 500, a time-out and a 3 s
 * answer. Each shows the borrower's own state for it (the app's real client path answers the
 * call), and a borrower's page ignores the scenario.
 */
import { expect, test } from './support/workerServer';
import { openInStudio } from './support/studio';
import { PREVIEW_TIMEOUT_MS, SERVER_MESSAGE } from '../../server/layouts/previewFailures';

const LAYOUT = 'customer-service';
const TITLE = 'Online service';

test('each failure scenario shows the borrower state it causes', async ({ page }) => {
  test.setTimeout(90_000);
  await openInStudio(page, LAYOUT);
  const preview = page.frameLocator('iframe[title="Preview"]');
  const root = preview.locator('#root');
  await expect(root.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const choose = async (label: string) => {
    await page.getByLabel('Data').selectOption({ label });
    await expect(
      page.getByRole('heading', { name: `Preview (390 x 844, ${label}: contactKfInfo)` }),
    ).toBeVisible();
  };

  // An envelope error: the error screen with the server's own words and Retry.
  await choose('Error with a server message');
  await expect(root.getByRole('alert')).toContainText(SERVER_MESSAGE);
  await expect(root.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(root.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // 401: the way out (Log in), not a Retry that would fail again.
  await choose('Session expired (401)');
  await expect(root.getByRole('alert')).toContainText(
    'Your session has ended. Please log in again.',
  );
  await expect(root.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(root.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // 500: the error screen in the app's words (the body "Internal Server Error" is not for people).
  await choose('Server error (500)');
  await expect(root.getByRole('alert')).toContainText('We could not load this page');
  await expect(root.getByRole('alert')).not.toContainText('Internal Server Error');
  await expect(root.getByRole('button', { name: 'Retry' })).toBeVisible();

  // A time-out: loading first, then the time-out message with Retry.
  const started = Date.now();
  await choose('Time-out (no answer)');
  await expect(root.getByRole('status')).toHaveText('Loading...');
  await expect(root.getByRole('alert')).toContainText('The request timed out. Please try again.', {
    timeout: PREVIEW_TIMEOUT_MS + 8000,
  });
  expect(Date.now() - started).toBeGreaterThanOrEqual(PREVIEW_TIMEOUT_MS - 500);
  await expect(root.getByRole('button', { name: 'Retry' })).toBeVisible();

  // A 3 s answer: the loading state, then the screen with its real data.
  // Timed from the choice, not from when the test saw the loading state (late on a busy machine).
  const slowFrom = Date.now();
  await choose('Slow answer (3 s)');
  await expect(root.getByRole('status')).toHaveText('Loading...');
  await expect(root.getByRole('status')).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - slowFrom).toBeGreaterThanOrEqual(2900);
  await expect(root.getByRole('alert')).toHaveCount(0);
  await expect(root.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // The borrower's route ignores the scenario: no preview token, no simulated answers.
  const src = (await page.locator('iframe[title="Preview"]').getAttribute('src')) ?? '';
  expect(src).toContain('kopaScenario=slow');
  const borrower = await page.context().newPage();
  await borrower.goto(src.replace(/&kopaPreview=[^&]*/, '').replace('slow', 'session-expired'));
  await expect(
    borrower.locator('#root').getByRole('heading', { level: 1, name: TITLE }),
  ).toBeVisible();
  await expect(borrower.getByRole('button', { name: 'Log in' })).toHaveCount(0);
});
