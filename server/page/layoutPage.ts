/**
 * The HTML of a route whose screen is a layout: index.html with the layout in a JSON data block
 * (compiled, with its texts), the frame that paints before any script,
 * the title and robots meta, and modulepreload links for the chunks that screen uses.
 */
import endpoints from '../../schemas/api/endpoints.json';
import {
  dataBlock,
  hasHtmlRichText,
  LAYOUT_ATTRIBUTE,
  LAYOUT_SCHEMA_VERSION,
  PAGE_BLOCK,
} from '@kopa/contract';
import type { Language } from '@kopa/format';
import { compiledOf } from '../layouts/compiled';
import type { GoodLayout } from '../layouts/store';
import { documentDescription, documentTitle, escapeTitle, frameHtml } from './appFrame';
import type { BuildManifest } from './buildManifest';
import { ROBOTS_META } from './crawlers';
import { screenTextsOf } from './screenTexts';

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
function startupResponses(doc: unknown): string[] {
  const sources =
    (doc as { dataSources?: Record<string, { endpoint?: unknown; load?: unknown }> } | null)
      ?.dataSources ?? {};
  return Object.values(sources)
    .filter((s) => s && typeof s.endpoint === 'string' && s.load !== 'manual')
    .map((s) => responseOf.get(s.endpoint as string) ?? '')
    .filter((r) => r !== '');
}

/** JSON safe inside <script>: no "</script>" or "<!--" can close or change the block. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The modulepreload links for what this screen loads besides the entry. */
function preloadLinks(
  good: GoodLayout,
  widgets: readonly string[],
  lang: Language,
  build: BuildManifest,
): string {
  const files = new Set<string>();
  // The borrower's catalogue chunk: the first screen waits for it, so it comes with the entry.
  if (lang !== 'en') build.closure(`messages/${lang}.json`, files);
  // The layouts' texts: the ones this screen shows travel in the page (screenTexts.ts), the
  // rest load once the screen is up.
  // The first screen's widgets, as the compiled layout lists them (a dialog's load when it opens).
  for (const type of widgets) {
    const key = build.widgetKeys.get(type);
    if (key) build.closure(key, files);
  }
  if (hasHtmlRichText(good.doc)) build.closure(RICH_TEXT_SANITISER, files);
  // The response validators of the sources the page loads at once: the data must not wait a
  // further round trip for its checker once it arrives. Absent chunks: no link.
  for (const response of startupResponses(good.doc))
    build.closure(`${RESPONSE_VALIDATORS}${response.replace(/\.response$/, '')}.js`, files);
  return [...files]
    .filter((f) => !build.entryFiles.has(f))
    .map((f) => `<link rel="modulepreload" href="/${escapeAttr(f)}">`)
    .join('');
}

/** The compiled layout and its texts as the page's data blocks. */
function layoutBlocks(name: string, good: GoodLayout, body: string, lang: Language): string {
  const texts = dataBlock(
    PAGE_BLOCK.texts,
    JSON.stringify(screenTextsOf(good.body, lang)),
    ` data-lang="${lang}"`,
  );
  const A = LAYOUT_ATTRIBUTE;
  const attributes = ` ${A.name}="${escapeAttr(name)}" ${A.etag}="${escapeAttr(good.etag)}"${good.checked ? ` ${A.checked}="${LAYOUT_SCHEMA_VERSION}"` : ''}${good.preview ? ` ${A.preview}="1"` : ''}`;
  // The layout as the app reads it: compiled (its bindings parsed, its first widgets listed).
  return `${texts}${dataBlock(PAGE_BLOCK.layout, body, attributes)}`;
}

/** Search engines: a public page's description, every other page noindex (crawlers.ts). */
function robotsMeta(good: GoodLayout, lang: Language, isPublic: boolean): string {
  if (!isPublic) return ROBOTS_META;
  const description = documentDescription(good.doc, lang);
  return description ? `<meta name="description" content="${escapeTitle(description)}">` : '';
}

export function layoutPageHtml(
  index: string,
  page: { name: string; good: GoodLayout; lang: Language; isPublic: boolean },
  build: BuildManifest,
): string {
  const { name, good, lang, isPublic } = page;
  const compiled = compiledOf(name, good);
  const links = preloadLinks(good, compiled.widgets, lang, build);
  // The frame (header, title, skeleton) paints before any script runs (appFrame.ts).
  const title = documentTitle(good.doc, lang);
  const robots = robotsMeta(good, lang, isPublic);
  // Replacer functions: a "$&" or "$'" in a layout's text must stay text, not a pattern.
  return (
    index
      .replace('<html lang="en">', () => `<html lang="${lang}">`)
      .replace('<title>Kopa</title>', () =>
        title ? `<title>${escapeTitle(title)}</title>` : '<title>Kopa</title>',
      )
      .replace('</head>', () => `${robots}${links}</head>`)
      // The frame goes just before #root, not inside: React's root then starts empty, and the
      // frame is never moved once painted (a move made the browser lay it out again).
      .replace(
        '<div id="root"></div>',
        () =>
          `${frameHtml(good.doc, lang)}<div id="root"></div>${layoutBlocks(name, good, compiled.body, lang)}`,
      )
  );
}
