/**
 * The screen's frame as static HTML, painted before any script runs: the page header with the
 * layout's title (text only, escaped) and a skeleton of the body. The markup and classes are
 * PageHeader's own, so when React's page replaces the frame (src/app/shell/serverFrame.ts) the
 * header does not move. Only plain text is used: a title with a binding needs the runtime, so
 * the frame then falls back to the layout's title, or to no title.
 */
interface NodeLike {
  type?: unknown;
  title?: unknown;
  visible?: unknown;
  style?: unknown;
  onBack?: unknown;
}

import enApp from '../../messages/en.json';
import zhApp from '../../messages/zh.json';
import idApp from '../../messages/id.json';
import enScreens from '../../messages/layouts/en.json';
import zhScreens from '../../messages/layouts/zh.json';
import idScreens from '../../messages/layouts/id.json';
import { FRAME_ATTRIBUTE } from '@kopa/contract';

/** The app's texts and the layouts' texts of each language (two files each, one catalogue). */
const en: Readonly<Record<string, string>> = { ...enApp, ...enScreens };
const CATALOGUES: Record<string, Readonly<Record<string, string>>> = {
  en,
  zh: { ...zhApp, ...zhScreens },
  id: { ...idApp, ...idScreens },
};

/** A catalogue message alone, `{{ t('key') }}`: the frame can paint it without the runtime. */
const MESSAGE_ONLY = /^\{\{\s*t\(\s*'([A-Za-z0-9.]+)'\s*\)\s*\}\}$/;

function escapeText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * A string with no binding in it, or one catalogue message in `lang` (English when that language
 * lacks it), or null. Callers pass the borrower's language when they know it; English otherwise.
 */
function plain(value: unknown, lang = 'en'): string | null {
  if (typeof value !== 'string') return null;
  const key = MESSAGE_ONLY.exec(value.trim())?.[1];
  if (key !== undefined) {
    const own = (c: Readonly<Record<string, string>> | undefined) =>
      c && key !== '$comment' && Object.hasOwn(c, key) ? c[key] : undefined;
    return own(CATALOGUES[lang]) ?? own(en) ?? null;
  }
  return value.includes('{{') ? null : value;
}

/** The document title the page will set (Page sets layout.title), if plain text. */
export function documentTitle(doc: unknown, lang = 'en'): string | null {
  return plain(((doc ?? {}) as { title?: unknown }).title, lang);
}

/** The page's meta description: the layout's description, if plain text or one catalogue message. */
export function documentDescription(doc: unknown, lang = 'en'): string | null {
  return plain(((doc ?? {}) as { description?: unknown }).description, lang);
}

/** The title the page shows first: the header's, else the layout's (both only if plain text). */
export function frameTitle(doc: unknown, lang = 'en'): string | null {
  const layout = (doc ?? {}) as { title?: unknown; body?: unknown };
  const first = Array.isArray(layout.body) ? (layout.body[0] as NodeLike | undefined) : undefined;
  const header = first?.type === 'page-header' ? first : undefined;
  return plain(header?.title, lang) ?? plain(layout.title, lang);
}

const SKELETON =
  '<div class="k-frame__body" aria-hidden="true"><div class="k-frame__block k-frame__block--tall"></div>' +
  '<div class="k-frame__block"></div><div class="k-frame__block"></div></div>' +
  '<p class="k-frame__status" role="status">';

/**
 * The frame for a layout. A header is drawn only when the layout starts with an unconditional,
 * unstyled page-header (what the page will show at the same place); otherwise only the skeleton.
 */
export function frameHtml(doc: unknown, lang = 'en'): string {
  const layout = (doc ?? {}) as { body?: unknown };
  const first = Array.isArray(layout.body) ? (layout.body[0] as NodeLike | undefined) : undefined;
  let header = '';
  if (first?.type === 'page-header' && first.visible === undefined && first.style === undefined) {
    const title = frameTitle(doc, lang) ?? '';
    // The back chevron is drawn but is no button: nothing could run it before the script loads.
    const back =
      Array.isArray(first.onBack) && first.onBack.length > 0
        ? '<span class="k-page-header__back" aria-hidden="true"><span class="k-page-header__chevron"></span></span>'
        : '';
    header =
      `<header class="k-page-header"><span class="k-page-header__side">${back}</span>` +
      `<h1 class="k-page-header__title">${escapeText(title)}</h1><span class="k-page-header__side" aria-hidden="true"></span></header>`;
  }
  return `<div class="k-page k-frame" ${FRAME_ATTRIBUTE}="">${header}${SKELETON}${escapeText(plain("{{ t('state.loading') }}", lang) ?? 'Loading...')}</p></div>`;
}

export function escapeTitle(value: string): string {
  return escapeText(value);
}
