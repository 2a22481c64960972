/**
 * The screen's frame as static HTML, painted before any script runs: the page header with the
 * layout's title (text only, escaped) and a skeleton of the body. The markup and classes are
 * PageHeader's own, so when React's page replaces the frame (src/shell/serverFrame.ts) the
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

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A string with no binding in it, or null. */
function plain(value: unknown): string | null {
  return typeof value === 'string' && !value.includes('{{') ? value : null;
}

/** The document title the page will set (Page sets layout.title), if plain text. */
export function documentTitle(doc: unknown): string | null {
  return plain(((doc ?? {}) as { title?: unknown }).title);
}

/** The title the page shows first: the header's, else the layout's (both only if plain text). */
export function frameTitle(doc: unknown): string | null {
  const layout = (doc ?? {}) as { title?: unknown; body?: unknown };
  const first = Array.isArray(layout.body) ? (layout.body[0] as NodeLike | undefined) : undefined;
  const header = first?.type === 'page-header' ? first : undefined;
  return plain(header?.title) ?? plain(layout.title);
}

const SKELETON =
  '<div class="k-frame__body" aria-hidden="true"><div class="k-frame__block k-frame__block--tall"></div>' +
  '<div class="k-frame__block"></div><div class="k-frame__block"></div></div>' +
  '<p class="k-frame__status" role="status">Loading...</p>';

/**
 * The frame for a layout. A header is drawn only when the layout starts with an unconditional,
 * unstyled page-header (what the page will show at the same place); otherwise only the skeleton.
 */
export function frameHtml(doc: unknown): string {
  const layout = (doc ?? {}) as { body?: unknown };
  const first = Array.isArray(layout.body) ? (layout.body[0] as NodeLike | undefined) : undefined;
  let header = '';
  if (first?.type === 'page-header' && first.visible === undefined && first.style === undefined) {
    const title = frameTitle(doc) ?? '';
    // The back chevron is drawn but is no button: nothing could run it before the script loads.
    const back = Array.isArray(first.onBack) && first.onBack.length > 0
      ? '<span class="k-page-header__back" aria-hidden="true"><span class="k-page-header__chevron"></span></span>'
      : '';
    header = `<header class="k-page-header"><span class="k-page-header__side">${back}</span>` +
      `<h1 class="k-page-header__title">${escapeText(title)}</h1><span class="k-page-header__side" aria-hidden="true"></span></header>`;
  }
  return `<div class="k-page k-frame" data-kopa-frame="">${header}${SKELETON}</div>`;
}

export function escapeTitle(value: string): string {
  return escapeText(value);
}
