import type { LayoutDocument } from '../schema/generated/types';
import { describeAjvError, loadValidators } from '../render/nodeValidators';
import { collectTypes } from '../schema/collectTypes';
import { widgets as widgetSource } from './widgets';
import { checkLayoutLimits, MAX_LAYOUT_DEPTH } from '../schema/layoutLimits';
import { loadScreenTexts, msg } from '../format/messages';
import type { LayoutLoad } from '../page/pageController';

export type { LayoutLoad } from '../page/pageController';


/**
 * Fetches, parses and checks a layout, and starts loading the widgets it uses. Every failure is a value
 * with a message for the error screen: never a blank page (SECURITY 8).
 */
export async function loadLayout(name: string, signal: AbortSignal, onParsed?: (doc: LayoutDocument) => void): Promise<LayoutLoad> {
  const validators = loadValidators();
  const inline = takeInlineLayout(name);
  const fetched = inline !== null ? { status: 200, text: inline } : await fetchLayout(name, signal);
  if ('message' in fetched) return fetched;
  return checkLayout(fetched, validators, onParsed);
}

/** Enough shape to start the data sources before the full check (which may still refuse the layout). */
function looksLikeLayout(doc: unknown): doc is LayoutDocument {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return false;
  const sources = (doc as { dataSources?: unknown }).dataSources;
  if (sources === undefined) return true;
  return sources !== null && typeof sources === 'object' && Object.values(sources).every((s) => s !== null && typeof s === 'object' && typeof (s as { endpoint?: unknown }).endpoint === 'string');
}

/**
 * The server puts the first screen's layout in the page (a JSON data block) so it needs no
 * request of its own. Used once: later navigation and Retry fetch the current version.
 */
function takeInlineLayout(name: string): string | null {
  const block = document.getElementById('kopa-layout');
  if (!block || block.getAttribute('type') !== 'application/json') return null;
  block.remove();
  return block.dataset.name === name ? (block.textContent ?? '') : null;
}

async function fetchLayout(name: string, signal: AbortSignal): Promise<{ status: number; text: string } | { ok: false; message: string }> {
  let text: string;
  let status: number;
  try {
    const response = await fetch(`/layouts/${encodeURIComponent(name)}.json`, { signal, headers: { Accept: 'application/json' } });
    status = response.status;
    text = await response.text();
  } catch {
    if (signal.aborted) return { ok: false, message: 'aborted' };
    return { ok: false, message: msg('app.pageLoadFailed') };
  }
  return { status, text };
}

/** For the error screen: what went wrong, and where (cut short: the pointer can be 64 levels long). */
function limitMessage(code: 'too-deep' | 'too-large', pointer: string): string {
  const where = pointer.length > 60 ? `${pointer.slice(0, 60)}...` : pointer || '/';
  return code === 'too-deep'
    ? `The page layout is too deeply nested (more than ${MAX_LAYOUT_DEPTH} levels at ${where}).`
    : `The page layout is too large (at ${where}).`;
}

async function checkLayout(
  { status, text }: { status: number; text: string },
  validators: ReturnType<typeof loadValidators>,
  onParsed?: (doc: LayoutDocument) => void,
): Promise<LayoutLoad> {
  if (status !== 200) return { ok: false, message: `The page could not be loaded (HTTP ${status}). Please try again.` };
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
  const { validateLayoutOutline } = await validators;
  if (!validateLayoutOutline?.(doc)) {
    const first = validateLayoutOutline?.errors?.[0];
    return { ok: false, message: `The page layout is invalid at ${first?.instancePath || '/'}: ${describeAjvError(first)}.` };
  }
  // The screen's texts (messages/layouts/<lang>.json) come in parallel with its widget chunks. The
  // message is made when one of them fails, so it is in the borrower's language.
  const widgets = Promise.all([widgetSource.preload(collectTypes(doc)), loadScreenTexts()]).then(
    ([, texts]) => (texts ? null : msg('app.widgetsFailed')),
    () => msg('app.widgetsFailed'),
  );
  return { ok: true, layout: doc as LayoutDocument, widgets };
}
