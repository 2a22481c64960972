/**
 * Publishing by effect, as an operator sees it: a draft that adds a request to saveBankInfo on
 * loan-detail (a screen with no money call of its own) shows the effect diff ("adds a call to
 * saveBankInfo") and why two people must publish it, and one publisher's Publish is refused.
 */
import { join } from 'node:path';
import { expect, test } from './support/workerServer';
import { SCREENSHOTS } from './support/fixtures';
import { withSaveBankInfo } from '../support/saveBankInfoButton';

const NAME = 'loan-detail';

test('the studio shows what a draft changes in what the layout does, and a lone publish is refused', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/studio');
  await page.getByLabel('User name').fill('operator');
  await page.getByLabel('Password').fill('kopa-studio-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('link', { name: NAME, exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Layout JSON' });
  await expect(editor).toBeVisible();

  const detail = (await (await context.request.get(`/studio/api/layouts/${NAME}`)).json()) as {
    data: { published: { content: string } };
  };
  const draft = withSaveBankInfo(detail.data.published.content);
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(draft);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');

  const changes = page.getByRole('list', { name: 'Effect changes' });
  await expect(changes.getByRole('listitem')).toHaveText(['adds a call to saveBankInfo']);
  await expect(
    page.getByText(/^Two people: it makes a money or identity call \(saveBankInfo\)/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve this draft' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'studio-effect-diff.png') });

  await page.getByRole('textbox', { name: 'Why (goes into the history)' }).fill('Continue button');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toContainText('"loan-detail" needs two people to publish');
});
