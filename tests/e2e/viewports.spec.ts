import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, SCREENSHOTS, test } from './support/fixtures';
import { ROUTES, routeQuery } from './support/routeQueries';
import { DEMO_SCREENS } from '../../server/demo/demoScreens';

/*
 * What a borrower sees on a phone. Every route at 390x844 and at 320x640: a
 * screenshot in artifacts/screenshots/viewports/<size>/<screen>.png (the first screen, to be looked at),
 * and an automatic check that no text is cut or orphaned:
 * - cut: an element whose text (or an input's placeholder) is wider than the room it has and is
 *   clipped, or the page itself scrolls sideways;
 * - orphaned: a line of text that holds one character while the rest of its text is on other
 *   lines, or a word broken across two lines (a pay code wrapping "1" onto a line of its own,
 *   "Appl" + "y").
 * The screens are the demo screens npm start prints (every state: each loan status, both code
 * types, ...) and every other route; /repay with its paid installments shown.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const demoPaths = new Set(DEMO_SCREENS.map(([, path]) => path));
const SCREENS: Array<{ name: string; path: string; query: Record<string, string> }> = [
  ...DEMO_SCREENS.map(([title, path, extra]) => ({
    name: slug(`${path} ${title}`),
    path,
    query: extra ?? {},
  })),
  ...Object.entries(ROUTES.pages)
    .filter(([, r]) => !demoPaths.has(r.path))
    .map(([key, r]) => ({
      name: slug(`${r.path} ${key}`) || 'home',
      path: r.path,
      query: routeQuery(key),
    })),
];

/** What to open on a screen before looking: the parts a borrower opens with one tap. */
async function prepare(page: Page, path: string): Promise<void> {
  if (path === '/repay') {
    const show = page.getByRole('button', { name: 'Show' });
    if (await show.count()) await show.click();
  }
}

interface Problem {
  kind: string;
  where: string;
  text: string;
}

/** Runs in the page: every cut or orphaned text, described by the closest node id and its text. */
async function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { kind: string; where: string; text: string }[] = [];
    const where = (el: Element) => {
      const node = el.closest('[data-node-id]');
      return `${el.tagName.toLowerCase()}${node ? `#${node.getAttribute('data-node-id')}` : ''}`;
    };
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push({
        kind: 'page scrolls sideways',
        where: 'html',
        text: `${document.documentElement.scrollWidth}px > ${window.innerWidth}px`,
      });
    }
    const canvas = document.createElement('canvas').getContext('2d')!;
    const range = document.createRange();
    const charRect = (node: Node, i: number) => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      return rect && rect.width > 0 ? rect : null;
    };
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!el.checkVisibility() || el.closest('svg')) continue;
      const style = getComputedStyle(el);
      // An input's placeholder: wider than the input's content box.
      if (
        (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) &&
        el.placeholder &&
        el.value === ''
      ) {
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (el instanceof HTMLInputElement && canvas.measureText(el.placeholder).width > room + 1) {
          problems.push({ kind: 'placeholder cut', where: where(el), text: el.placeholder });
        }
        continue;
      }
      const ownText = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (ownText === '') continue;
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1)
        problems.push({ kind: 'text cut', where: where(el), text: ownText });
      // Words of the element's own text split over two lines.
      for (const node of el.childNodes) {
        const text = node.textContent ?? '';
        if (node.nodeType !== Node.TEXT_NODE) continue;
        for (const m of text.matchAll(/\S{2,}/g)) {
          const tops = new Set<number>();
          for (let i = m.index; i < m.index + m[0].length; i++) {
            const rect = charRect(node, i);
            if (rect) tops.add(Math.round(rect.top));
          }
          // Prose may break after a hyphen ("Anti-" + "Money"); a number, date or code never.
          const afterHyphen =
            [...tops].length === 2 && /[A-Za-z]-[A-Za-z]/.test(m[0]) && !/\d/.test(m[0]);
          if (tops.size > 1 && !afterHyphen)
            problems.push({ kind: 'word broken', where: where(el), text: m[0] });
        }
      }
    }
    // Lines of each block (its inline text together): one character alone on a line is an orphan.
    // A visual line: the characters whose vertical middle falls within it (inline sizes differ).
    const lines = new Map<Element, { top: number; bottom: number; chars: string }[]>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility() || parent.closest('svg')) continue;
      let block: Element = parent;
      while (block.parentElement && getComputedStyle(block).display === 'inline')
        block = block.parentElement;
      const text = node.textContent ?? '';
      const blockLines = lines.get(block) ?? [];
      lines.set(block, blockLines);
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i]!)) continue;
        const rect = charRect(node, i);
        if (!rect) continue;
        const middle = (rect.top + rect.bottom) / 2;
        const line = blockLines.find((l) => middle >= l.top && middle <= l.bottom);
        if (line) line.chars += text[i];
        else blockLines.push({ top: rect.top, bottom: rect.bottom, chars: text[i]! });
      }
    }
    for (const [block, blockLines] of lines) {
      if (blockLines.length < 2) continue;
      for (const line of blockLines) {
        if (line.chars.length === 1)
          problems.push({
            kind: 'orphaned character',
            where: where(block),
            text: `${line.chars} in "${(block.textContent ?? '').trim().slice(0, 80)}"`,
          });
      }
    }
    return problems;
  });
}

for (const size of SIZES) {
  test(`every route at ${size.width}x${size.height}: a screenshot each, no text cut or orphaned`, async ({
    page,
    kopa,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(size);
    const dir = join(SCREENSHOTS, 'viewports', `${size.width}x${size.height}`);
    mkdirSync(dir, { recursive: true });
    const found: string[] = [];
    for (const screen of SCREENS) {
      await kopa.open(screen.path, screen.query);
      await expect(page.locator('main, [data-layout]').first()).toBeVisible();
      // Images decoded, fonts ready: what is measured is what the borrower sees.
      await kopa.settled();
      await prepare(page, screen.path);
      // What the borrower sees first; the check below reads the whole page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(dir, `${screen.name}.png`) });
      for (const p of await layoutProblems(page))
        found.push(`${screen.name} ${p.kind} at ${p.where}: "${p.text}"`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
