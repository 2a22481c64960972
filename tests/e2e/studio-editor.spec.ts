/**
 * The studio editor as an operator types in it: completion from the schemas at the cursor
 * (a button's property names, an http action's, enum values, functions with their signatures,
 * message catalogue keys), hover with the schema's description and an example, "did you mean"
 * for an unknown property, and problems checked in a Web Worker while the page stays responsive
 * (the list updates before the draft is even saved).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/workerServer';
import { openInStudio } from './support/studio';

/** Replaces the editor's text with `before` + `after`, the cursor between them. */
async function typeAround(page: Page, before: string, after: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Layout JSON' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(before + after);
  await page.keyboard.press('Escape');
  for (let i = 0; i < after.length; i += 1) await page.keyboard.press('ArrowLeft');
}

/** Moves the mouse onto the property name `word` in the editor (its exact characters). */
async function hoverWord(page: Page, word: string): Promise<void> {
  const at = await page.evaluate((w) => {
    const root = document.querySelector('.cm-content');
    const walker = document.createTreeWalker(root ?? document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const i = (n.textContent ?? '').indexOf(`"${w}"`);
      if (i < 0) continue;
      const range = document.createRange();
      range.setStart(n, i + 1);
      range.setEnd(n, i + 1 + w.length);
      const r = range.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }
    return null;
  }, word);
  expect(at).not.toBeNull();
  if (!at) return;
  // Two moves: CodeMirror shows a hover once the mouse rests over the text.
  await page.mouse.move(at.x - 2, at.y);
  await page.mouse.move(at.x, at.y, { steps: 2 });
}

const HEAD = '{ "id": "customer-service", "version": 1, "title": "Online service", "body": [ ';
const BUTTON = '{ "type": "button", "label": "Pay", "onTap": [], ';

test('completion at the cursor: property names of the node or action, enum values, functions with signatures, catalogue keys', async ({
  page,
}) => {
  await openInStudio(page, 'customer-service');
  const list = page.getByRole('listbox');

  // A button's property names, once its type says button; none of an image's.
  await typeAround(page, `${HEAD}${BUTTON}"va`, '" } ] }');
  await page.keyboard.type('r');
  await expect(list.getByRole('option', { name: /^variant/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /^src/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Inside onTap: the http action's own.
  await typeAround(
    page,
    `${HEAD}{ "type": "button", "label": "Pay", "onTap": [ { "type": "http", "end`,
    '" } ] } ] }',
  );
  await page.keyboard.type('p');
  await expect(list.getByRole('option', { name: /^endpoint/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /^label/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // An enum's values.
  await typeAround(page, `${HEAD}${BUTTON}"variant": "`, '" } ] }');
  await page.keyboard.press('Control+Space');
  await expect(list.getByRole('option')).toHaveCount(3);
  expect((await list.getByRole('option').allTextContents()).sort()).toEqual([
    'link',
    'primary',
    'secondary',
  ]);
  await page.keyboard.press('Escape');

  // A function, with its signature.
  await typeAround(page, `${HEAD}{ "type": "text", "text": "{{ rou`, ' }}" } ] }');
  await page.keyboard.type('n');
  await expect(list.getByRole('option', { name: /^round/ })).toContainText('round(x, digits?)');
  await page.keyboard.press('Escape');

  // The message catalogue's keys inside t('...').
  await typeAround(
    page,
    `${HEAD}{ "type": "text", "text": "{{ t('customerService.`,
    `') }}" } ] }`,
  );
  await page.keyboard.press('Control+Space');
  await expect(list.getByRole('option', { name: 'customerService.email' })).toBeVisible();
  await page.keyboard.press('Escape');
});

// The mouse hover does not open in this run although the same hover logic passes its unit test
// (tests/studio/schemaCompletion.test.ts): not yet explained, see the session note.
test('hover shows the schema description with an example; an unknown property gets "did you mean"', async ({
  page,
}) => {
  await openInStudio(page, 'customer-service');
  const button = {
    type: 'button',
    label: 'Pay',
    role: 'primary-action',
    varaint: 'link',
    onTap: [],
  };
  await typeAround(
    page,
    JSON.stringify({ id: 'customer-service', version: 1, title: 'Hi', body: [button] }, null, 2),
    '',
  );
  await page.keyboard.press('Control+Home');
  const hover = page.locator('.s-hover');
  // The preview reloads and the problem marks redraw in a pause of the typing, which may close a
  // hover that was open: the operator (and the test) then rests the mouse on the word again.
  const hoverShows = async (word: string, texts: string[]) =>
    expect(async () => {
      await page.mouse.move(0, 0);
      await hoverWord(page, word);
      for (const text of texts) await expect(hover).toContainText(text, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
  await hoverShows('role', [
    'role',
    "primary-action is the screen's main action",
    'Example: "role": "primary-action"',
  ]);
  await page.mouse.move(0, 0);
  await expect(hover).toHaveCount(0);
  await hoverShows('varaint', ['Unknown property "varaint" for button', 'did you mean "variant"?']);
  // The checker says the same under Problems.
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
    'unknown property "varaint" (did you mean "variant"?',
  );
});

test('an unknown property is listed with "did you mean" the name the widget takes', async ({
  page,
}) => {
  await openInStudio(page, 'customer-service');
  await typeAround(page, `${HEAD}${BUTTON}"varaint": "link" } ] }`, '');
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
    'unknown property "varaint" (did you mean "variant"?',
  );
});

test('problems are checked in a worker: the list updates after a key before the draft is saved, and the page stays responsive', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
  await openInStudio(page, 'customer-service');
  await typeAround(page, `${HEAD}${BUTTON}"variant": "link" } ] }`, '');
  await expect(page.getByRole('status')).toHaveText('Draft saved. No problems.');
  expect(workers.some((p) => /^\/studio\/assets\/check\.worker-[\w-]+\.js$/.test(p))).toBe(true);

  // Saving is held: whatever the list shows next comes from the worker, not from the server.
  let held = 0;
  await page.route('**/studio/api/layouts/*/draft', (route) => {
    held += 1;
    void route; // never answered while the test runs
  });
  await page.keyboard.press('Control+End');
  for (let i = 0; i < '"link" } ] }'.length + 5; i += 1) await page.keyboard.press('ArrowLeft');
  const started = Date.now();
  await page.keyboard.type('x');
  await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
    'unknown property "variaxnt" (did you mean "variant"?',
  );
  const answeredIn = Date.now() - started;
  // Responsive meanwhile: the page runs a frame and answers at once.
  const frameMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t = performance.now();
        requestAnimationFrame(() => resolve(performance.now() - t));
      }),
  );
  expect(frameMs).toBeLessThan(500);
  expect(answeredIn).toBeLessThan(5000);
  await expect(page.getByRole('status')).toHaveText('Saving draft...');
  await expect.poll(() => held).toBeGreaterThan(0);
});
