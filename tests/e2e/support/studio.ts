/** The studio as an operator drives it: log in, open a layout, replace the editor's text. */
import type { Page } from '@playwright/test';

export const OPERATOR = { user: 'operator', password: 'kopa-studio-demo' };
export const REVIEWER = { user: 'reviewer', password: 'kopa-studio-review' };

/** Logs in at a desktop size and opens `layout`. */
export async function openInStudio(page: Page, layout: string, who = OPERATOR): Promise<void> {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/studio');
  await page.getByLabel('User name').fill(who.user);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('link', { name: layout, exact: true }).click();
  await page.getByRole('textbox', { name: 'Layout JSON' }).waitFor();
}

/** Replaces the whole editor text the way an operator pastes: select all, then insert. */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Layout JSON' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape'); // a completion list opened by the insert
}

/** The layout as published now, parsed (from the studio API, with the page's cookie). */
export async function publishedLayout(
  page: Page,
  layout: string,
): Promise<Record<string, unknown> & { body: Array<Record<string, unknown>> }> {
  const res = await page.request.get(`/studio/api/layouts/${layout}`);
  const detail = (await res.json()) as { data: { published: { content: string } } };
  return JSON.parse(detail.data.published.content) as Record<string, unknown> & {
    body: Array<Record<string, unknown>>;
  };
}

/** The console errors and uncaught page errors from now on, as they arrive. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
