/**
 * Governance in the studio: a screen that makes a money call (/repay) is published only after a
 * second publisher approves that exact draft (two operators, two browser sessions, and the second is
 * warned that the first edits the same draft); and `npm run layouts:import` (its test-only route,
 * the same code in the server's process) refuses to replace a version published in the studio
 * after the file's last import, until --force, which the history then shows.
 */
import { expect, test } from './support/workerServer';
import { DEMO } from './support/fixtures';
import { openInStudio, publishedLayout, REVIEWER, setEditorText } from './support/studio';

test("a money screen needs a second publisher's approval of the exact draft before it is published", async ({
  page,
  browser,
}) => {
  await openInStudio(page, 'repay');
  const layout = await publishedLayout(page, 'repay');
  const header = layout.body[0] as Record<string, unknown>;
  expect(header.type).toBe('page-header');
  const withTitle = (title: string) =>
    JSON.stringify({ ...layout, body: [{ ...header, title }, ...layout.body.slice(1)] }, null, 2);
  // Nothing to approve before there is a draft.
  await expect(page.getByRole('button', { name: 'Approve this draft' })).toBeHidden();

  // The first operator edits and tries to publish alone: refused, naming the draft.
  await setEditorText(page, withTitle('Repay, reviewed'));
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  const approval = page.locator('.s-approval');
  await expect(approval).toContainText('not approved yet');
  const short = /draft ([0-9a-f]{8})/.exec((await approval.textContent()) ?? '')?.[1] ?? '';
  expect(short).toMatch(/^[0-9a-f]{8}$/);
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Clearer title');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `"repay" needs two people to publish: it makes a money or identity call (generateVcode). Another publisher who did not edit this draft must approve this exact text (${short}). Ask another publisher to open it and press Approve.`,
  );

  // The reviewer, in a browser of their own, is told someone else edits this draft, and approves it.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await openInStudio(reviewer, 'repay', REVIEWER);
  await expect(reviewer.getByRole('alert')).toContainText('operator also edited this draft');
  await expect(reviewer.locator('.s-approval')).toContainText(`draft ${short} not approved yet`);
  await reviewer.getByRole('button', { name: 'Approve this draft' }).click();
  await expect(reviewer.getByRole('status')).toHaveText(
    `You approved draft ${short}: another publisher can publish it now.`,
  );
  await reviewerContext.close();

  // The first operator publishes the approved draft; borrowers get it.
  await page.reload();
  await expect(page.locator('.s-approval')).toContainText(`draft ${short} approved by reviewer`);
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Clearer title');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Published version 2. Borrowers see version 2 on their next open.',
  );
  await page.getByRole('tab', { name: 'History' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').nth(1)).toContainText(
    'operatorpublishv1 -> v2Clearer title (approved by reviewer)',
  );
  await expect(audit.getByRole('row').nth(2)).toContainText(
    `reviewerapprovev1 -> -approved draft ${short}`,
  );
  const borrower = await page.context().newPage();
  await borrower.goto(
    `/repay?userId=${DEMO.userId}&sessionId=${DEMO.sessionId}&orderId=O170&productId=P002`,
  );
  await expect(
    borrower.locator('#root').getByRole('heading', { level: 1, name: 'Repay, reviewed' }),
  ).toBeVisible();
});

test("layouts:import lists a version published in the studio after the file's import as a conflict; --force replaces it, audited", async ({
  page,
}) => {
  await openInStudio(page, 'customer-service');
  const layout = await publishedLayout(page, 'customer-service');
  const header = layout.body[0] as Record<string, unknown>;
  await setEditorText(
    page,
    JSON.stringify(
      { ...layout, body: [{ ...header, title: 'Studio help desk' }, ...layout.body.slice(1)] },
      null,
      2,
    ),
  );
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Studio title');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Published version 2. Borrowers see version 2 on their next open.',
  );

  const run = async (force: boolean) =>
    (await (await page.request.post('/__test/layouts-import', { data: { force } })).json()) as {
      data: { lines: string[]; exitCode: number };
    };
  const plain = await run(false);
  expect(plain.data.exitCode).toBe(1);
  // (/repay, published with approval by the test before, is a conflict of its own.)
  const conflict = plain.data.lines.filter((l) => l.startsWith('CONFLICT   customer-service'));
  expect(conflict).toHaveLength(1);
  expect(conflict[0]).toMatch(
    /^CONFLICT {3}customer-service: v2 was published in the studio by operator at \S+, after this file's last import \(v1\); not replaced\. Bring the studio's change into layouts\/customer-service\.json, or run with --force to replace it \(audited\)\.$/,
  );
  const borrower = await page.context().newPage();
  const route = `/customerService?userId=${DEMO.userId}&sessionId=${DEMO.sessionId}`;
  await borrower.goto(route);
  await expect(
    borrower.locator('#root').getByRole('heading', { level: 1, name: 'Studio help desk' }),
  ).toBeVisible();

  const forced = await run(true);
  expect(forced.data.exitCode).toBe(0);
  expect(forced.data.lines).toContain('published  customer-service v3');
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1),
  ).toContainText(
    'import (test)import-forcedv2 -> v3layouts/customer-service.json from the repository (--force: replaced v2, published in the studio by operator)',
  );
  await borrower.goto(route);
  await expect(borrower.locator('#root').getByRole('heading', { level: 1 })).not.toHaveText(
    'Studio help desk',
  );
});
