/**
 * The HTML a route is answered with: dist/index.html plus, for a route whose screen is a layout,
 * the layout itself (a JSON data block, which a CSP without inline scripts still allows) and
 * modulepreload links for the compiled validators and the widget chunks that layout uses. The
 * browser then fetches the whole screen's code in parallel with the entry, instead of
 * discovering it one round trip at a time (layout, then widgets).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import endpoints from '../../schemas/api/endpoints.json';
import { hasHtmlRichText } from '@kopa/contract';
import { documentDescription, documentTitle, escapeTitle, frameHtml } from './appFrame';
import { isPublicPage, ROBOTS_META, routePage } from './crawlers';
import { earlyPlanOf } from './earlyPlanOf';
import { scenarioData } from '../layouts/previewScenarios';
import { failureAnswers } from '../layouts/previewFailures';
import { screenTextsOf } from './screenTexts';
import { compiledOf } from '../layouts/compiled';
import type { LayoutStore } from '../layouts/store';
import { LAYOUT_SCHEMA_VERSION } from '@kopa/contract';
import type { Language } from '@kopa/format';
import { dataBlock, LAYOUT_ATTRIBUTE, PAGE_BLOCK } from '@kopa/contract';

interface ManifestEntry {
  file: string;
  imports?: string[];
}

const EARLY = 'src/app/shell/early.ts';
const RESPONSE_VALIDATORS = 'src/contract/schema/generated/validators/responses/';
// The HTML sanitiser (DOMPurify): its own chunk, which the rich-text widget loads for HTML only.
const RICH_TEXT_SANITISER = 'src/react/widgets/rich-text/sanitizeHtml.ts';

/** Endpoint logical name -> its response schema name, from the endpoint catalogue. */
const responseOf = new Map(
  Object.entries(endpoints.endpoints as Record<string, { response?: string }>).map(([name, e]) => [
    name,
    e.response ?? '',
  ]),
);

/** Response schemas of the data sources that load with the page (not the manual ones). */
export function startupResponses(doc: unknown): string[] {
  const sources =
    (doc as { dataSources?: Record<string, { endpoint?: unknown; load?: unknown }> } | null)
      ?.dataSources ?? {};
  return Object.values(sources)
    .filter((s) => s && typeof s.endpoint === 'string' && s.load !== 'manual')
    .map((s) => responseOf.get(s.endpoint as string) ?? '')
    .filter((r) => r !== '');
}

/** JSON safe inside <script>: no "</script>" or "<!--" can close or change the block. */
function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

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

export function createAppShell(distDir: string, layouts: LayoutStore): AppShell {
  const index = readFileSync(join(distDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestEntry> = {};
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestEntry
    >;
  } catch {
    // No manifest: the page still works, only without preload hints.
  }
  const entryFiles = new Set<string>();
  const closure = (key: string, out: Set<string>) => {
    const entry = manifest[key];
    if (!entry || out.has(entry.file)) return;
    out.add(entry.file);
    for (const imp of entry.imports ?? []) closure(imp, out);
  };
  closure('index.html', entryFiles);
  const earlyFile = manifest[EARLY]?.file;
  // The early script goes in the page itself: one request less before the first
  // screen, each of which costs the main thread several ms on a slow phone. The file stays in
  // the build for a page that cannot inline it.
  const earlyCode = inlineScriptCode(distDir, earlyFile);
  const earlyTag =
    earlyCode !== null
      ? `<script>${earlyCode}</script>`
      : `<script type="module" crossorigin src="/${escapeAttr(earlyFile ?? '')}"></script>`;
  const widgetKeys = new Map<string, string>();
  try {
    // Widgets grouped into one chunk have no manifest key of their own (scripts/build/widgetChunks.ts).
    const grouped = JSON.parse(
      readFileSync(join(distDir, '.vite', 'widget-chunks.json'), 'utf8'),
    ) as Record<string, string>;
    for (const [type, key] of Object.entries(grouped)) widgetKeys.set(type, key);
  } catch {
    // An older build: every widget has its own manifest entry.
  }
  for (const key of Object.keys(manifest)) {
    const m = /^src\/react\/widgets\/([a-z0-9-]+)\/[A-Za-z]+\.tsx$/.exec(key);
    if (m?.[1]) widgetKeys.set(m[1], key);
  }

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
    const files = new Set<string>();
    const compiled = compiledOf(name, good);
    // The borrower's catalogue chunk: the first screen waits for it, so it comes with the entry.
    if (lang !== 'en') closure(`messages/${lang}.json`, files);
    // The layouts' texts: the ones this screen shows travel in the page (screenTexts.ts), the
    // rest load once the screen is up.
    // The first screen's widgets, as the compiled layout lists them (a dialog's load when it opens).
    for (const type of compiled.widgets) {
      const key = widgetKeys.get(type);
      if (key) closure(key, files);
    }
    if (hasHtmlRichText(good.doc)) closure(RICH_TEXT_SANITISER, files);
    // The response validators of the sources the page loads at once: the data must not wait a
    // further round trip for its checker once it arrives. Absent chunks: no link.
    for (const response of startupResponses(good.doc))
      closure(`${RESPONSE_VALIDATORS}${response.replace(/\.response$/, '')}.js`, files);
    const links = [...files]
      .filter((f) => !entryFiles.has(f))
      .map((f) => `<link rel="modulepreload" href="/${escapeAttr(f)}">`)
      .join('');
    const texts = dataBlock(
      PAGE_BLOCK.texts,
      JSON.stringify(screenTextsOf(good.body, lang)),
      ` data-lang="${lang}"`,
    );
    const A = LAYOUT_ATTRIBUTE;
    const attributes = ` ${A.name}="${escapeAttr(name)}" ${A.etag}="${escapeAttr(good.etag)}"${good.checked ? ` ${A.checked}="${LAYOUT_SCHEMA_VERSION}"` : ''}${good.preview ? ` ${A.preview}="1"` : ''}`;
    // The layout as the app reads it: compiled (its bindings parsed, its first widgets listed).
    const data = dataBlock(PAGE_BLOCK.layout, compiled.body, attributes);
    // The frame (header, title, skeleton) paints before any script runs (appFrame.ts).
    const title = documentTitle(good.doc, lang);
    // Search engines: a public page's description, every other page noindex (crawlers.ts).
    const description = isPublic ? documentDescription(good.doc, lang) : null;
    const robots = isPublic
      ? description
        ? `<meta name="description" content="${escapeTitle(description)}">`
        : ''
      : ROBOTS_META;
    // Replacer functions: a "$&" or "$'" in a layout's text must stay text, not a pattern.
    const html = index
      .replace('<html lang="en">', () => `<html lang="${lang}">`)
      .replace('<title>Kopa</title>', () =>
        title ? `<title>${escapeTitle(title)}</title>` : '<title>Kopa</title>',
      )
      .replace('</head>', () => `${robots}${links}</head>`)
      // The frame goes just before #root, not inside: React's root then starts empty, and the
      // frame is never moved once painted (a move made the browser lay it out again).
      .replace(
        '<div id="root"></div>',
        () => `${frameHtml(good.doc, lang)}<div id="root"></div>${texts}${data}`,
      );
    const entry: BuiltPage = { etag: good.etag, html, kept: !good.preview };
    // A draft preview is never kept: it is one operator's, and changes at every save.
    if (!good.preview) built.set(key, entry);
    // A preview's data scenario: the page answers those sources from it, so nothing is sent early.
    const fixtures = good.preview && scenario ? scenarioData(good.doc, scenario) : null;
    const answers = good.preview && scenario ? failureAnswers(good.doc, scenario) : null;
    if (answers)
      return {
        text: html.replace(
          '</body>',
          () => `${dataBlock(PAGE_BLOCK.answers, JSON.stringify(answers))}</body>`,
        ),
        kept: false,
      };
    if (fixtures)
      return {
        text: html.replace(
          '</body>',
          () => `${dataBlock(PAGE_BLOCK.scenario, JSON.stringify(fixtures))}</body>`,
        ),
        kept: false,
      };
    return withEarlyRequests(entry, good.doc);
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
