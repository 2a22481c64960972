import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { DEMO_SCREENS } from '../../server/demo/demoScreens';
import { PROBLEMS } from '../../server/demo/seedData';

/*
 * Contract section 7: one language per page. Every demo screen (every loan
 * status, both repayment modes, ...) opened with lang=zh and lang=id shows no English: neither the
 * app's and the layouts' labels nor what the reference server sends (statuses, detail lines,
 * question types, form labels, notices). Brand names, codes and the borrower's own words are
 * allowed by the explicit list below.
 *
 * Left out, on purpose (docs/decisions/025-one-language-flows-phone-screens.md): the bodies of the legal
 * documents (loan agreement, privacy and AML policies, registration agreement), which are shown in
 * the English they were approved in until a reviewed translation exists, and /testPreview, a
 * developer tool that lists parameter and route names.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const LEGAL = new Set(['/loanAgreement', '/privacyPolicy', '/amlPolicy', '/registerAgreement']);
const SCREENS = DEMO_SCREENS.filter(([, path]) => path !== '/testPreview');

/** Names and codes that are the same in every language, longest first (a brand inside a brand). */
const ALLOWED = [
  /support@kopa\.example/g,
  /https?:\/\/\S+/g,
  /\bKP[A-Z0-9]+\b/g,
  /\*\*\*\* ?\d+/g,
  /Kopa Financial Services Limited/g,
  /Kopa Cash/g,
  /Haraka Loan/g,
  /Mkopo Plus/g,
  /Pesa Fast/g,
  /Pay by M-Pesa/g,
  /M-Pesa/g,
  /Tigo Pesa/g,
  /Airtel Money/g,
  /Lipa kwa (QR|Simu)/g,
  /(CRDB|NMB|NBC)( Bank)?/g,
  /Plot 24, Samora Avenue, Dar es Salaam, Tanzania/g,
  /Dar es Salaam|Arusha|Mwanza|Dodoma/g,
  /\bKOPA\d*\b/g,
  /\bKopa\b/g,
  /\bTZS\b/g,
  /\bPIN\b/g,
  /\bUSSD\b/g,
  /\bQR\b/g,
  /\bSMS\b/g,
  /\bUTR\b/g,
  /\bOK\b/g,
  /\bWhatsApp\b/g,
  /\bMB\b/g,
  /\b(JPEG|PNG|GIF|WebP)\b/g,
];
/** The borrower's own words (the demo complaints' text) are shown as written. */
const OWN_WORDS = PROBLEMS.map((p) => p.content);

const read = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, string>;
const catalogueWords = (lang: string) => {
  const words = new Set<string>();
  for (const file of [
    `messages/${lang}.json`,
    `messages/layouts/${lang}.json`,
    `messages/server/${lang}.json`,
  ]) {
    for (const [key, text] of Object.entries(read(file))) {
      if (key === '$comment') continue;
      for (const w of text
        .replace(/\{\w+\}/g, ' ')
        .toLowerCase()
        .match(/[a-z]{3,}/g) ?? [])
        words.add(w);
    }
  }
  return words;
};

function strip(text: string): string {
  let rest = text;
  for (const own of OWN_WORDS) rest = rest.split(own).join(' ');
  for (const re of ALLOWED) rest = rest.replace(re, ' ');
  return rest;
}

/** The English a text of a `lang` page still holds: any Latin word (zh), or a word only English uses (id). */
function englishIn(lang: 'zh' | 'id', text: string, englishOnly: Set<string>): string[] {
  const rest = strip(text);
  if (lang === 'zh') return rest.match(/[A-Za-z]{2,}/g) ?? [];
  return (rest.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => englishOnly.has(w));
}

/** Every text a borrower can read on the page: visible text nodes, placeholders, the title. */
async function visibleTexts(page: Page, path: string): Promise<string[]> {
  return page.evaluate((legal) => {
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = (n.textContent ?? '').trim();
      if (!text || !el || !el.checkVisibility()) continue;
      if (legal && el.closest('.k-rich-text')) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (el.checkVisibility()) out.push(el.placeholder);
    }
    return out;
  }, LEGAL.has(path));
}

for (const lang of ['zh', 'id'] as const) {
  test(`every screen in ${lang}: no English left (brands, codes and the borrower's own words aside)`, async ({
    page,
    kopa,
  }) => {
    test.setTimeout(240_000);
    const english = catalogueWords('en');
    const own = catalogueWords(lang);
    const englishOnly = new Set([...english].filter((w) => !own.has(w)));
    const found: string[] = [];
    for (const [title, path, extra] of SCREENS) {
      await kopa.open(path, { ...(extra ?? {}), lang });
      await expect(page.locator('main, [data-layout]').first()).toBeVisible();
      await kopa.settled();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const text of await visibleTexts(page, path)) {
        const words = englishIn(lang, text, englishOnly);
        if (words.length > 0) found.push(`${title} (${path}): "${text}" [${words.join(', ')}]`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
    // The test can fail: an English page read the same way is full of English.
    await kopa.open('/repay', { orderId: 'O180D', productId: 'P002' });
    await kopa.settled();
    const en = (await visibleTexts(page, '/repay')).flatMap((t) => englishIn(lang, t, englishOnly));
    expect(en).toEqual(
      expect.arrayContaining(lang === 'zh' ? ['Overdue', 'Pending'] : ['overdue', 'pending']),
    );
  });
}
