/**
 * The HTML a route is answered with: dist/index.html plus, for a route whose screen is a layout,
 * the layout itself (a JSON data block, which a CSP without inline scripts still allows) and
 * modulepreload links for the compiled validators and the widget chunks that layout uses. The
 * browser then fetches the whole screen's code in parallel with the entry, instead of
 * discovering it one round trip at a time (layout, then widgets). The page itself is built in
 * layoutPage.ts; here it is kept per layout version and language, and given its early requests
 * or a preview's scenario.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataBlock, PAGE_BLOCK } from '@kopa/contract';
import type { Language } from '@kopa/format';
import { isPublicPage, ROBOTS_META, routePage } from './crawlers';
import { earlyPlanOf } from './earlyPlanOf';
import { scenarioData } from '../layouts/previewScenarios';
import { failureAnswers } from '../layouts/previewFailures';
import type { GoodLayout, LayoutStore } from '../layouts/store';
import { readBuildManifest } from './buildManifest';
import { escapeAttr, layoutPageHtml } from './layoutPage';

/**
 * The early script's code for an inline (classic) script, or null when it cannot be inlined as it
 * is: text that could end or comment out the script element, or no file.
 */
export function inlineScriptCode(distDir: string, file: string | undefined): string | null {
  if (!file) return null;
  let code: string;
  try {
    code = readFileSync(join(distDir, file), 'utf8');
  } catch {
    return null;
  }
  return /<\/script|<!--|<script/i.test(code) ? null : code;
}

/** The page with `tags` at the end of its head. */
function withHead(html: string, tags: string): string {
  return html.replace('</head>', () => `${tags}</head>`);
}

/** The CSP source that allows exactly this inline script (its text between the tags). */
export function scriptHashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * A page's text: one object per layout version, language and kind, so callers can keep what they
 * derive from it (its compressed bodies: compressedPage.ts). Nothing of it depends on the query
 * (the early plan names query keys, not values).
 */
export interface ShellPage {
  readonly text: string;
  /** Kept for its layout version (worth compressing hard), not made anew per request (a preview). */
  readonly kept: boolean;
}

export interface AppShell {
  /** CSP script sources the pages need besides 'self': the hash of the inline early script. */
  readonly scriptSources: readonly string[];
  /**
   * previewToken: an operator's preview link (server/layouts/studio/auth.ts) shows the layout's draft.
   * scenario: with a valid preview token, a data scenario's name (server/layouts/previewScenarios.ts).
   */
  page(
    pathname: string,
    previewToken?: string,
    lang?: Language,
    scenario?: string,
  ): Promise<ShellPage>;
  /** The same page as one text. */
  html(
    pathname: string,
    previewToken?: string,
    lang?: Language,
    scenario?: string,
  ): Promise<string>;
}

/** A built page per layout version and language, with its two forms (with and without early requests) made when first asked for. */
interface BuiltPage {
  etag: string;
  html: string;
  kept: boolean;
  plain?: ShellPage;
  early?: ShellPage;
}

/** A preview's failure answers, else its data scenario's data, as a data block (null: neither). */
function scenarioBlock(doc: unknown, scenario: string): string | null {
  const answers = failureAnswers(doc, scenario);
  if (answers) return dataBlock(PAGE_BLOCK.answers, JSON.stringify(answers));
  const fixtures = scenarioData(doc, scenario);
  return fixtures ? dataBlock(PAGE_BLOCK.scenario, JSON.stringify(fixtures)) : null;
}

/**
 * A preview with a scenario: the page answers those sources from it at the end of the body, so
 * nothing is sent early. Null for any other page.
 */
function withScenario(html: string, good: GoodLayout, scenario?: string): ShellPage | null {
  const block = good.preview && scenario ? scenarioBlock(good.doc, scenario) : null;
  return block ? { text: html.replace('</body>', () => `${block}</body>`), kept: false } : null;
}

export function createAppShell(distDir: string, layouts: LayoutStore): AppShell {
  const index = readFileSync(join(distDir, 'index.html'), 'utf8');
  const build = readBuildManifest(distDir);
  const earlyFile = build.earlyFile;
  // The early script goes in the page itself: one request less before the first
  // screen, each of which costs the main thread several ms on a slow phone. The file stays in
  // the build for a page that cannot inline it.
  const earlyCode = inlineScriptCode(distDir, earlyFile);
  const earlyTag =
    earlyCode !== null
      ? `<script>${earlyCode}</script>`
      : `<script type="module" crossorigin src="/${escapeAttr(earlyFile ?? '')}"></script>`;

  /**
   * The page with its early requests (server/page/earlyPlan.ts): the plan (query keys, no
   * values: the same for every borrower) and then the early script, just before the entry's
   * script in the head. The early script is a classic one, so it runs as soon as the parser
   * reaches it, before the stylesheet and the body: a module script would wait for the whole
   * page and the stylesheet, and on a warm open that was most of the time to its data.
   */
  function withEarlyRequests(page: BuiltPage, doc: unknown): ShellPage {
    const plan = earlyFile ? earlyPlanOf(doc) : null;
    if (!plan) return (page.plain ??= { text: page.html, kept: page.kept });
    const planBlock = dataBlock(PAGE_BLOCK.early, JSON.stringify(plan));
    return (page.early ??= {
      text: page.html.replace(
        '<script type="module"',
        () => `${planBlock}${earlyTag}<script type="module"`,
      ),
      kept: page.kept,
    });
  }

  /** Built page per layout name, for the layout version with that ETag. */
  const built = new Map<string, BuiltPage>();
  // Without its layout, a page is the bare index.html: noindex unless the route is public
  // (crawlers.ts); a public page then lacks only its description.
  const indexPage: ShellPage = { text: withHead(index, ROBOTS_META), kept: true };
  const publicIndexPage: ShellPage = { text: index, kept: true };

  const page: AppShell['page'] = async (pathname, previewToken, lang = 'en', scenario) => {
    const route = routePage(pathname);
    if (!route) return indexPage;
    const name = route.layout;
    const isPublic = isPublicPage(pathname);
    const bare = isPublic ? publicIndexPage : indexPage;
    let good;
    try {
      good = await layouts.load(name, previewToken);
    } catch {
      return bare; // the app fetches the layout itself and shows the error with Retry
    }
    if (!good) return bare;
    // The two routes of one layout (/loanDetail and /order) share its pages; only public ones differ.
    const key = `${name}|${lang}|${isPublic ? 'public' : 'noindex'}`;
    const cached = good.preview ? undefined : built.get(key);
    if (cached?.etag === good.etag) return withEarlyRequests(cached, good.doc);
    const html = layoutPageHtml(index, { name, good, lang, isPublic }, build);
    const entry: BuiltPage = { etag: good.etag, html, kept: !good.preview };
    // A draft preview is never kept: it is one operator's, and changes at every save.
    if (!good.preview) built.set(key, entry);
    return withScenario(html, good, scenario) ?? withEarlyRequests(entry, good.doc);
  };

  return {
    scriptSources: earlyCode !== null ? [scriptHashSource(earlyCode)] : [],
    // lang: the borrower's language (the page's `lang` query): <html lang> and a t('key') title.
    page,
    async html(pathname, previewToken, lang, scenario) {
      return (await page(pathname, previewToken, lang, scenario)).text;
    },
  };
}
