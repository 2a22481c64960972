/**
 * Authoring in the studio: completion from the schemas (widget types) and from the
 * response schemas and state inside `{{ }}`, hover docs for a data path, the outline selecting a
 * node in the JSON and in the preview, and the preview's switches for language, device size and
 * data scenario.
 */
import { expect, test } from './support/workerServer';
import { openInStudio, publishedLayout, setEditorText } from './support/studio';

const SMALL = (binding: string, type = 'text') => `{
  "id": "customer-service",
  "title": "Online service",
  "dataSources": { "kf": { "endpoint": "contactKfInfo", "params": { "overall": 30 } } },
  "state": { "copied": false },
  "body": [
    { "type": "page-header", "title": "Online service" },
    { "type": "${type}", "text": "${binding}" }
  ]
}`;

/** Puts the cursor `back` characters before the end of the line `up` lines above the last. */
async function cursorAt(
  page: import('@playwright/test').Page,
  up: number,
  back: number,
): Promise<void> {
  await page.keyboard.press('Control+End');
  for (let i = 0; i < up; i += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  for (let i = 0; i < back; i += 1) await page.keyboard.press('ArrowLeft');
}

test('completion: widget types from the layout schema, data paths and state inside {{ }} from the response schema; hover explains a path', async ({
  page,
}) => {
  await openInStudio(page, 'customer-service');
  const list = page.getByRole('listbox');

  // A node's "type" value: the widget types.
  await setEditorText(page, SMALL('x', ''));
  await cursorAt(page, 2, `", "text": "x" }`.length);
  await page.keyboard.press('Control+Space');
  await expect(list.getByRole('option', { name: /^page-header/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /^countdown-button/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Inside {{ }}: the roots, then the data source, then its response fields with their types.
  await setEditorText(page, SMALL('{{ data.kf. }}'));
  await cursorAt(page, 2, ` }}" }`.length);
  await page.keyboard.press('Control+Space');
  await expect(list.getByRole('option', { name: /^email/ })).toBeVisible();
  await expect(list).toContainText('string');
  await page.keyboard.type('ema');
  await expect(list.getByRole('option', { name: /^email/ })).toBeVisible();
  await page.waitForTimeout(150); // CodeMirror ignores Enter for 75 ms after the list changes
  await page.keyboard.press('Enter');
  await expect(page.locator('.cm-content')).toContainText('"text": "{{ data.kf.email }}"');
  // The completed binding is one the checks accept (the problem left is the unused state).
  await expect(page.getByRole('list', { name: 'Problems' })).not.toContainText('data.kf');

  await setEditorText(page, SMALL('{{ state. }}'));
  await cursorAt(page, 2, ` }}" }`.length);
  await page.keyboard.press('Control+Space');
  await expect(list.getByRole('option', { name: /^copied/ })).toBeVisible();
  await expect(list).toContainText('starts as false');
  await page.keyboard.press('Escape');

  await setEditorText(page, SMALL('{{ da }}'));
  await cursorAt(page, 2, ` }}" }`.length);
  await page.keyboard.press('Control+Space');
  await expect(list.getByRole('option', { name: /^data/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Hover over a data path: its type and the schema's description.
  await setEditorText(page, SMALL('{{ data.kf.email }}'));
  const token = page
    .locator('.cm-line', { hasText: 'data.kf.email' })
    .getByText('data.kf.email', { exact: false });
  const box = await token.boundingBox();
  const lineText = (await token.textContent()) ?? '';
  expect(box).not.toBeNull();
  if (box) {
    const at = lineText.indexOf('email') + 2;
    await page.mouse.move(box.x + (box.width * at) / lineText.length, box.y + box.height / 2);
  }
  await expect(page.locator('.s-hover')).toContainText('data.kf.email: string');
});

test('the outline lists the screen; clicking a node selects it in the JSON and marks it in the preview', async ({
  page,
}) => {
  await openInStudio(page, 'customer-service');
  // The published screen again (the test before left a small draft).
  await setEditorText(
    page,
    JSON.stringify(await publishedLayout(page, 'customer-service'), null, 2),
  );
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  const outline = page.getByRole('navigation', { name: 'Outline' });
  const item = outline.getByRole('button', { name: 'text #emailValue' });
  await expect(item).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.locator('#root').getByRole('heading', { level: 1 })).toBeVisible();

  await item.click();
  await expect(item).toHaveAttribute('aria-current', 'true');
  // The editor holds exactly that node's text as its selection.
  const selection = await page.evaluate(() => document.getSelection()?.toString() ?? '');
  expect(selection.startsWith('{')).toBe(true);
  expect(JSON.parse(selection)).toMatchObject({ id: 'emailValue' });
  // The preview outlines the same node.
  const marked = preview.locator('[data-kopa-selected] > *').first();
  await expect(marked).toHaveCSS('outline-style', 'solid');
  await expect(preview.locator('[data-kopa-selected]')).toHaveAttribute(
    'data-kopa-selected',
    (await item.getAttribute('data-pointer')) ?? '',
  );

  // Another node moves the mark.
  const header = outline.getByRole('button', { name: /^page-header/ });
  await header.click();
  await expect(item).toHaveAttribute('aria-current', 'false');
  await expect(preview.locator('[data-kopa-selected]')).toHaveAttribute(
    'data-kopa-selected',
    '/body/0',
  );
  await expect(preview.locator('[data-kopa-selected]')).toHaveCount(1);
});

test('preview switches: language, device size and data scenario change what the preview shows', async ({
  page,
}) => {
  await openInStudio(page, 'repay');
  const preview = page.frameLocator('iframe[title="Preview"]');
  const frame = page.locator('iframe[title="Preview"]');
  const heading = preview.locator('#root').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Repayment Details');

  // Language.
  await page.getByLabel('Language').selectOption('zh');
  await expect(heading).toHaveText('还款详情');
  await page.getByLabel('Language').selectOption('id');
  await expect(heading).toHaveText('Rincian Pembayaran');
  await page.getByLabel('Language').selectOption('en');
  await expect(heading).toHaveText('Repayment Details');

  // Device size: the frame, and the page's own viewport inside it.
  for (const [w, h] of [
    [320, 640],
    [768, 1024],
    [390, 844],
  ]) {
    await page.getByLabel('Device').selectOption(`${w}x${h}`);
    await expect(
      page.getByRole('heading', { name: `Preview (${w} x ${h}, demo data)` }),
    ).toBeVisible();
    await expect(heading).toBeVisible();
    const size = await frame.evaluate((el: HTMLIFrameElement) => [
      el.contentWindow?.innerWidth,
      el.contentWindow?.innerHeight,
    ]);
    expect(size).toEqual([w, h]);
  }

  // Data scenarios: the demo data shows a pending instalment; each scenario its own state.
  await expect(preview.getByText('Pending').first()).toBeVisible();
  await page.getByLabel('Data').selectOption({ label: 'Overdue' });
  await expect(
    page.getByRole('heading', { name: 'Preview (390 x 844, Overdue: installmentPlan)' }),
  ).toBeVisible();
  await expect(preview.getByText('Overdue').first()).toBeVisible();
  await page.getByLabel('Data').selectOption({ label: 'Empty list' });
  await expect(preview.getByText('There is no repayment plan for this order.')).toBeVisible();
  await page.getByLabel('Data').selectOption({ label: 'No card' });
  await expect(preview.getByText('Pending').first()).toBeVisible();
  await expect(preview.getByText('M-Pesa')).toHaveCount(0);
  await page.getByLabel('Data').selectOption({ label: 'Demo data' });
  await expect(preview.getByText('M-Pesa').first()).toBeVisible();

  // A scenario needs the preview token: the borrower route ignores it.
  const src = (await frame.getAttribute('src')) ?? '';
  const borrower = await page.context().newPage();
  await borrower.goto(src.replace(/&kopaPreview=[^&]*/, '').concat('&kopaScenario=empty-list'));
  await expect(borrower.locator('#root').getByText('Pending').first()).toBeVisible();
  await expect(borrower.getByText('There is no repayment plan for this order.')).toHaveCount(0);
});
