import type { LayoutDocument } from '@kopa/contract';
import { acceptServerCheckedNodes, describeAjvError, loadNodeValidators } from '@kopa/react';
import { isCheckedForThisBuild, LAYOUT_CHECKED_HEADER } from '@kopa/contract';
import { collectTypes } from '@kopa/contract';
import { widgets as widgetSource } from './widgets';
import { checkLayoutLimits, MAX_LAYOUT_DEPTH } from '@kopa/contract';
import { hasFirstScreenTexts, loadScreenTexts, msg } from '@kopa/format';
import type { LayoutLoad } from '@kopa/runtime';
import { afterFirstScreen } from './afterFirstScreen';
import { adoptParsedTemplates } from '@kopa/expr';
import { blockElement, PAGE_BLOCK, takeBlockText } from '@kopa/contract';

export type { LayoutLoad } from '@kopa/runtime';

/**
 * Fetches, parses and checks a layout, and starts loading the widgets it uses. Every failure is a value
 * with a message for the error screen: never a blank page (SECURITY 8).
 */
export async function loadLayout(
  name: string,
  signal: AbortSignal,
  onParsed?: (doc: LayoutDocument) => void,
): Promise<LayoutLoad> {
  const inline = takeInlineLayout(name);
  // A layout without the server's stamp needs the validators: they load while it arrives.
  if (inline && !inline.checked) void loadNodeValidators();
  const fetched = inline ?? (await fetchLayout(name, signal));
  if ('message' in fetched) return fetched;
  return checkLayout(fetched, onParsed);
}

interface FetchedLayout {
  status: number;
  text: string;
  /** Checked by the server with this build's strict schema (src/contract/schema/layoutChecked.ts). */
  checked: boolean;
  /** The layout the server put in the page (the first screen), not one fetched. */
  fromPage?: boolean;
}

/** Enough shape to start the data sources before the full check (which may still refuse the layout). */
function looksLikeLayout(doc: unknown): doc is LayoutDocument {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return false;
  const sources = (doc as { dataSources?: unknown }).dataSources;
  if (sources === undefined) return true;
  return (
    sources !== null &&
    typeof sources === 'object' &&
    Object.values(sources).every(
      (s) =>
        s !== null &&
        typeof s === 'object' &&
        typeof (s as { endpoint?: unknown }).endpoint === 'string',
    )
  );
}

/**
 * The server puts the first screen's layout in the page (a JSON data block) so it needs no
 * request of its own. Used once: later navigation and Retry fetch the current version.
 */
function takeInlineLayout(name: string): FetchedLayout | null {
  const block = blockElement(document, PAGE_BLOCK.layout);
  const bindings = takeBlockText(document, PAGE_BLOCK.bindings);
  if (!block) return null;
  block.remove();
  if (block.dataset.name !== name) return null;
  const checked = isCheckedForThisBuild(block.dataset.checked);
  // Its bindings, parsed by the server (server/page/screenBindings.ts): trusted as far as the layout is.
  if (checked && bindings !== null) {
    try {
      adoptParsedTemplates(JSON.parse(bindings));
    } catch {
      // Unreadable: each binding is parsed here when first used, as without the block.
    }
  }
  return { status: 200, text: block.textContent ?? '', checked, fromPage: true };
}

/** The text of one of the page's JSON data blocks, taken out of the page (read once). */
async function fetchLayout(
  name: string,
  signal: AbortSignal,
): Promise<FetchedLayout | { ok: false; message: string }> {
  try {
    const response = await fetch(`/layouts/${encodeURIComponent(name)}.json`, {
      signal,
      headers: { Accept: 'application/json' },
    });
    const checked = isCheckedForThisBuild(response.headers.get(LAYOUT_CHECKED_HEADER));
    return { status: response.status, text: await response.text(), checked };
  } catch {
    if (signal.aborted) return { ok: false, message: 'aborted' };
    return { ok: false, message: msg('app.pageLoadFailed') };
  }
}

/** For the error screen: what went wrong, and where (cut short: the pointer can be 64 levels long). */
function limitMessage(code: 'too-deep' | 'too-large', pointer: string): string {
  const where = pointer.length > 60 ? `${pointer.slice(0, 60)}...` : pointer || '/';
  return code === 'too-deep'
    ? `The page layout is too deeply nested (more than ${MAX_LAYOUT_DEPTH} levels at ${where}).`
    : `The page layout is too large (at ${where}).`;
}

async function checkLayout(
  { status, text, checked, fromPage = false }: FetchedLayout,
  onParsed?: (doc: LayoutDocument) => void,
): Promise<LayoutLoad> {
  if (status !== 200)
    return {
      ok: false,
      message: `The page could not be loaded (HTTP ${status}). Please try again.`,
    };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, message: msg('app.layoutUnreadable') };
  }
  // Before anything recursive (the data sources' bindings, the compiled validators, the renderer)
  // sees the value: the same limits as the server and npm run validate (SECURITY 6).
  const limit = checkLayoutLimits(doc);
  if (limit) return { ok: false, message: limitMessage(limit.code, limit.pointer) };
  // The data requests go out now, while the validators and widget chunks load.
  if (onParsed && looksLikeLayout(doc)) onParsed(doc);
  if (checked) {
    acceptServerCheckedNodes();
    // Loaded once the screen is up, for the next layout that comes without the stamp.
    afterFirstScreen(() => void loadNodeValidators());
  } else {
    const { validateLayoutOutline } = await loadNodeValidators();
    if (!validateLayoutOutline?.(doc)) {
      const first = validateLayoutOutline?.errors?.[0];
      return {
        ok: false,
        message: `The page layout is invalid at ${first?.instancePath || '/'}: ${describeAjvError(first)}.`,
      };
    }
  }
  // The screen's texts (messages/layouts/<lang>.json) come in parallel with its widget chunks. The
  // message is made when one of them fails, so it is in the borrower's language.
  // The first screen's own texts may have come with the page: the whole chunk then loads when idle.
  const texts = fromPage && hasFirstScreenTexts() ? Promise.resolve(true) : loadScreenTexts();
  if (fromPage) afterFirstScreen(() => void loadScreenTexts());
  const widgets = Promise.all([widgetSource.preload(collectTypes(doc)), texts]).then(
    ([, texts]) => (texts ? null : msg('app.widgetsFailed')),
    () => msg('app.widgetsFailed'),
  );
  return { ok: true, layout: doc as LayoutDocument, widgets };
}
