import type { CompiledLayout, LayoutDocument } from '@kopa/contract';
import { acceptServerCheckedNodes } from '@kopa/react';
import { collectTypes, isCompiledLayout } from '@kopa/contract';
import { widgets as widgetSource } from './widgets';
import { checkLayoutLimits, MAX_LAYOUT_DEPTH } from '@kopa/contract';
import { hasFirstScreenTexts, loadScreenTexts, msg } from '@kopa/format';
import type { LayoutLoad, UrlLabels } from '@kopa/runtime';
import { afterFirstScreen } from './afterFirstScreen';
import { adoptParsedTemplates } from '@kopa/expr';
import { blockElement, PAGE_BLOCK } from '@kopa/contract';

export type { LayoutLoad } from '@kopa/runtime';

/**
 * Reads a compiled layout (the page's block, else GET /layouts/{name}.compiled.json), takes its
 * parsed bindings in and starts loading the widgets it uses. The app never sees a layout's source:
 * the server expanded its fragments, checked it with the strict schema and parsed its bindings
 * (server/layouts/compiled.ts), so no validator, tokenizer or parser ships with it. Every failure
 * is a value with a message for the error screen: never a blank page (SECURITY 8).
 */
export async function loadLayout(
  name: string,
  signal: AbortSignal,
  onParsed?: (doc: LayoutDocument, labels?: UrlLabels) => void,
): Promise<LayoutLoad> {
  const inline = takeInlineLayout(name);
  const fetched = inline ?? (await fetchLayout(name, signal));
  if ('message' in fetched) return fetched;
  const read = readCompiled(fetched);
  // A copy of another compiled format (a service worker's, kept from an older build): fetch anew.
  if (read === 'other-format' && fetched.fromPage) return loadLayout(name, signal, onParsed);
  if (typeof read === 'string') return { ok: false, message: msg('app.layoutUnreadable') };
  return takeCompiled(read, fetched.fromPage === true, onParsed);
}

interface FetchedLayout {
  status: number;
  text: string;
  /** The layout the server put in the page (the first screen), not one fetched. */
  fromPage?: boolean;
}

/**
 * The server puts the first screen's compiled layout in the page (a JSON data block) so it needs
 * no request of its own. Used once: later navigation and Retry fetch the current version.
 */
function takeInlineLayout(name: string): FetchedLayout | null {
  const block = blockElement(document, PAGE_BLOCK.layout);
  if (!block) return null;
  block.remove();
  if (block.dataset.name !== name) return null;
  return { status: 200, text: block.textContent ?? '', fromPage: true };
}

async function fetchLayout(
  name: string,
  signal: AbortSignal,
): Promise<FetchedLayout | { ok: false; message: string }> {
  try {
    const response = await fetch(`/layouts/${encodeURIComponent(name)}.compiled.json`, {
      signal,
      headers: { Accept: 'application/json' },
    });
    if (response.status !== 200)
      return {
        ok: false,
        message: `The page could not be loaded (HTTP ${response.status}). Please try again.`,
      };
    return { status: response.status, text: await response.text() };
  } catch {
    if (signal.aborted) return { ok: false, message: 'aborted' };
    return { ok: false, message: msg('app.pageLoadFailed') };
  }
}

function readCompiled({ text }: FetchedLayout): CompiledLayout | 'unreadable' | 'other-format' {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (isCompiledLayout(doc)) return doc;
  return doc !== null && typeof doc === 'object' && 'format' in doc ? 'other-format' : 'unreadable';
}

/** For the error screen: what went wrong, and where (cut short: the pointer can be 64 levels long). */
function limitMessage(code: 'too-deep' | 'too-large', pointer: string): string {
  const where = pointer.length > 60 ? `${pointer.slice(0, 60)}...` : pointer || '/';
  return code === 'too-deep'
    ? `The page layout is too deeply nested (more than ${MAX_LAYOUT_DEPTH} levels at ${where}).`
    : `The page layout is too large (at ${where}).`;
}

function takeCompiled(
  compiled: CompiledLayout,
  fromPage: boolean,
  onParsed?: (doc: LayoutDocument, labels?: UrlLabels) => void,
): LayoutLoad {
  const doc = compiled.layout;
  // Before anything recursive (the data sources' bindings, the renderer) sees the value: the
  // same limits as the server and npm run validate (SECURITY 6), a wall of the app's own.
  const limit = checkLayoutLimits(doc);
  if (limit) return { ok: false, message: limitMessage(limit.code, limit.pointer) };
  if (compiled.invalid)
    return {
      ok: false,
      message: `The page layout is invalid at ${compiled.invalid.pointer || '/'}: ${compiled.invalid.message}.`,
    };
  // Its bindings, parsed by the server: trusted as far as the layout is.
  adoptParsedTemplates(compiled.templates);
  acceptServerCheckedNodes();
  // The data requests go out now, while the widget chunks load. The labels of what its URLs
  // carry go with it: the page's URL checks refuse to take them to another origin.
  onParsed?.(doc as LayoutDocument, compiled.labels);
  // The screen's texts (messages/layouts/<lang>.json) come in parallel with its widget chunks. The
  // message is made when one of them fails, so it is in the borrower's language.
  // The first screen's own texts may have come with the page: the whole chunk then loads when idle.
  const texts = fromPage && hasFirstScreenTexts() ? Promise.resolve(true) : loadScreenTexts();
  if (fromPage) afterFirstScreen(() => void loadScreenTexts());
  // The first screen waits for its own widgets only; the dialogs' come behind them.
  const widgets = Promise.all([widgetSource.preload(compiled.widgets), texts]).then(
    ([, texts]) => (texts ? null : msg('app.widgetsFailed')),
    () => msg('app.widgetsFailed'),
  );
  void widgets.then(() => widgetSource.preload(collectTypes(doc)).catch(() => undefined));
  return { ok: true, layout: doc as LayoutDocument, widgets, labels: compiled.labels };
}
