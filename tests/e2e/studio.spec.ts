/**
 * The layout studio as an operator uses it: log in, edit a screen's label and watch the
 * phone preview change, get an inline error for a broken binding (and no publish), see the
 * development box for a broken node in the preview, publish, see the borrower route change, and
 * roll back from the history.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/workerServer';
import { join } from 'node:path';
import { DEMO, SCREENSHOTS } from './support/fixtures';

const NAME = 'customer-service';

/** Replaces the whole editor text the way an operator pastes: select all, then insert. */
async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Layout JSON' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape'); // a completion list opened by the insert
}

/** Logs in with the demo operator at a desktop size and opens the layout under test. */
async function openInStudio(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/studio');
  await page.getByLabel('User name').fill('operator');
  await page.getByLabel('Password').fill('kopa-studio-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('link', { name: NAME }).click();
}

test('the studio needs the operator login; a wrong password says so', async ({ page }) => {
  await page.goto('/studio');
  await page.getByLabel('User name').fill('operator');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong user name or password.');
  await expect(page.getByRole('link', { name: NAME })).toHaveCount(0);
});

test('an operator edits a label, previews, is stopped by a broken binding, publishes and rolls back', async ({
  page,
  context,
}) => {
  await openInStudio(page);
  await expect(page.getByRole('textbox', { name: 'Layout JSON' })).toBeVisible();
  await expect(page.getByText(/^Published: version 1, by import/)).toBeVisible();

  // The layout as published (from the repository), and the operator's edits of it.
  const detail = (await (await context.request.get(`/studio/api/layouts/${NAME}`)).json()) as {
    data: { published: { content: string } };
  };
  const published = JSON.parse(detail.data.published.content) as {
    body: Array<Record<string, unknown>>;
  };
  expect(published.body[0]?.type).toBe('page-header');
  const withHeader = (title: string) =>
    JSON.stringify(
      { ...published, body: [{ ...published.body[0], title }, ...published.body.slice(1)] },
      null,
      2,
    );
  const preview = page.frameLocator('iframe[title="Preview"]');
  const originalHeading = await preview.getByRole('heading', { level: 1 }).first().textContent();
  expect(originalHeading).not.toBe('');

  // 1. A label edited: the draft is saved and the phone preview shows it.
  await setEditorText(page, withHeader('Studio help desk'));
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  await expect(preview.getByRole('heading', { name: 'Studio help desk' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'studio.png') });

  // 2. A broken binding: an inline error on that node, listed with its pointer; publishing refused.
  await setEditorText(page, withHeader('{{ data.kf.emial }}'));
  await expect(page.getByRole('status')).toHaveText(
    'Draft saved. 1 problem(s): the draft cannot be published yet.',
  );
  // The editor renders only the lines in view and the paste left the cursor at the end: go to the top.
  await page.keyboard.press('Control+Home');
  await expect(page.locator('.cm-lintRange-error')).toHaveText('"title": "{{ data.kf.emial }}"');
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
    '"title" of the page header: data.kf has no field "emial"',
  );
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Trying a binding');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText('Not published: 1 problem(s) in the draft.');

  // 3. A broken node: the preview (the app, which renders only layouts the server compiled and
  // vouched for) says what is wrong and where, not a blank.
  const boxed = JSON.parse(withHeader('Studio help desk')) as { body: unknown[] };
  boxed.body.splice(1, 0, { type: 'studio-missing-widget' });
  await setEditorText(page, JSON.stringify(boxed, null, 2));
  await expect(page.getByRole('status')).toContainText('problem(s)');
  await expect(preview.getByText(/invalid at \/body\/1/)).toBeVisible();

  // 4. Fixed and published: the borrower route shows it.
  await setEditorText(page, withHeader('Studio help desk'));
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  await page.getByRole('tab', { name: 'Diff' }).click();
  await expect(page.locator('.cm-changedLine').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Clearer header');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Published version 2. Borrowers see version 2 on their next open.',
  );
  const borrower = await context.newPage();
  const route = `/customerService?userId=${DEMO.userId}&sessionId=${DEMO.sessionId}`;
  await borrower.goto(route);
  await expect(
    borrower.locator('#root').getByRole('heading', { level: 1, name: 'Studio help desk' }),
  ).toBeVisible();

  // 5. Rolled back from the history: one action, in the audit log with who and why.
  await page.getByRole('tab', { name: 'History' }).click();
  await page
    .getByRole('textbox', { name: 'Why (goes into the history)' })
    .fill('Borrowers asked for the old title');
  await page.getByRole('button', { name: 'Roll back to v1' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Version 1 is published again. Borrowers see version 1 on their next open.',
  );
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').nth(1)).toContainText(
    'operatorrollbackv2 -> v1Borrowers asked for the old title',
  );
  await expect(audit.getByRole('row').nth(2)).toContainText(
    'operatorpublishv1 -> v2Clearer header',
  );
  await borrower.goto(route);
  await expect(
    borrower.locator('#root').getByRole('heading', { level: 1, name: originalHeading ?? '' }),
  ).toBeVisible();
  await expect(borrower.getByRole('heading', { name: 'Studio help desk' })).toHaveCount(0);
});

test('borrower routes load no studio code; the editor completes property names from the layout schema', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/customerService?userId=${DEMO.userId}&sessionId=${DEMO.sessionId}`);
  await expect(page.locator('#root').getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((p) => p.startsWith('/studio/'))).toEqual([]);

  await openInStudio(page);
  expect(scripts.filter((p) => p.startsWith('/studio/assets/')).length).toBe(1);
  await setEditorText(page, '{\n  "id": "customer-service",\n  \n}');
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('"dataS');
  await expect(page.getByRole('listbox')).toContainText('dataSources');
});
