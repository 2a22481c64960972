/**
 * Problems in the operator's terms in the studio: line:column, the node in words and a fix, never
 * a JSON pointer or a character offset; a draft that is not JSON previews as its problems, not as
 * the borrower's "could not be read" screen.
 */
import { expect, test } from './support/workerServer';
import { openInStudio, publishedLayout, setEditorText } from './support/studio';

const LAYOUT = 'customer-service';

test('problems name the node and a fix; a draft that is not JSON previews as its problem list', async ({
  page,
}) => {
  await openInStudio(page, LAYOUT);
  const layout = await publishedLayout(page, LAYOUT);
  const problems = page.getByRole('list', { name: 'Problems' });
  const frame = page.locator('iframe[title="Preview"]');

  // An expression with "=": the exact line:column of the "=", the node, and the fix.
  const broken = {
    ...layout,
    body: [{ ...layout.body[0], title: '{{ state.x = 1 }}' }, ...layout.body.slice(1)],
  };
  const text = JSON.stringify(broken, null, 2);
  await setEditorText(page, text);
  await expect(page.getByRole('status')).toHaveText(
    'Draft saved. 1 problem(s): the draft cannot be published yet.',
  );
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes('{{ state.x = 1 }}')) + 1;
  const column = (lines[line - 1] ?? '').indexOf('=') + 1;
  await expect(problems).toHaveText(
    `${line}:${column} "title" of the page header: expression does not parse: Unexpected "=" (there is no assignment): write == to compare Fix: write == to compare.`,
  );
  await expect(problems).not.toContainText('/body/');
  await expect(frame).toBeVisible();

  // Not JSON: the preview is the problem list, with line:column and no character position.
  const notJson = text.replace('"body": [', '"body" [');
  await setEditorText(page, notJson);
  await expect(page.getByRole('status')).toHaveText(
    'Draft saved. 1 problem(s): the draft cannot be published yet.',
  );
  const bodyLine = notJson.split('\n').findIndex((l) => l.includes('"body" [')) + 1;
  const why = page.getByRole('list', { name: 'Why there is no preview' });
  await expect(why).toHaveText(
    `${bodyLine}:10 not valid JSON: expected ':' after the key, found '[' Fix: look at this point and just before it for a missing comma, quote or closing bracket.`,
  );
  await expect(
    page.getByText('The draft is not valid JSON, so there is no screen to preview.'),
  ).toBeVisible();
  await expect(frame).toBeHidden();
  await expect(problems).not.toContainText('position');

  // Fixed: the phone preview is back.
  await setEditorText(page, JSON.stringify(layout, null, 2));
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  await expect(frame).toBeVisible();
  await expect(why).toHaveCount(0);
});
