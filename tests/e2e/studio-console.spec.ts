/**
 * Opening the studio logs nothing in the console: logged out, the page asks who is logged in and
 * gets an answer (no 401), then the login form; logged in, the screens list, still no error.
 */
import { expect, test } from './support/workerServer';
import { consoleErrors, OPERATOR } from './support/studio';

test('the studio opens, logs in and lists the screens with no console error and no failed request', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await page.goto('/studio');
  await expect(page.getByLabel('User name')).toBeVisible();
  await page.getByLabel('User name').fill(OPERATOR.user);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('link', { name: 'customer-service', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'customer-service', exact: true })).toBeVisible();
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});
