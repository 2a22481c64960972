/**
 * The page's data blocks: what the server writes into a screen's HTML (server/page/appShell.ts)
 * so the first screen needs no request the server could answer, and what the browser reads back
 * (src/app/shell). Ids and contents are defined here, once, for both sides (docs/contract.md).
 *
 * Every block is `<script type="application/json" id="...">` holding JSON made safe for a script
 * element; the frame is an element marked with FRAME_ATTRIBUTE just before #root.
 */
export const PAGE_BLOCK = {
  /** The screen's layout compiled (server/layouts/compiled.ts), with data-name, data-etag, data-checked, data-preview. */
  layout: 'kopa-layout',
  /** The screen's own texts in the page's language (data-lang). */
  texts: 'kopa-texts',
  /** The first screen's data requests, planned from the query (EarlyPlan, earlyPlan.ts). */
  early: 'kopa-early',
  /** An operator preview's data scenario: endpoint -> response data (only beside a valid preview token). */
  scenario: 'kopa-scenario',
  /** An operator preview's failure scenario: endpoint -> simulated answer (only beside a valid preview token). */
  answers: 'kopa-answers',
} as const;

export type PageBlockId = (typeof PAGE_BLOCK)[keyof typeof PAGE_BLOCK];

/** The attribute that marks the server-painted frame (header, title, skeleton). */
export const FRAME_ATTRIBUTE = 'data-kopa-frame';

/** The layout block's attributes. */
export const LAYOUT_ATTRIBUTE = {
  name: 'data-name',
  etag: 'data-etag',
  /** The layout schema version the server checked the layout with (absent: not vouched for). */
  checked: 'data-checked',
  /** "1": a draft shown through an operator's preview link. */
  preview: 'data-preview',
} as const;

/** JSON that cannot end its script element (no `<`) nor break a line in older parsers. */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A data block as the server writes it (`attributes` already escaped). */
export function dataBlock(id: PageBlockId, json: string, attributes = ''): string {
  return `<script type="application/json" id="${id}"${attributes}>${scriptSafeJson(json)}</script>`;
}

/** A data block's element, if the page has it as a JSON block (the browser side). */
export function blockElement(doc: Document, id: PageBlockId): HTMLElement | null {
  const block = doc.getElementById(id);
  return block && block.getAttribute('type') === 'application/json' ? block : null;
}

/** A data block's text, removed from the page (each block is read once). */
export function takeBlockText(doc: Document, id: PageBlockId): string | null {
  const block = blockElement(doc, id);
  block?.remove();
  return block ? block.textContent : null;
}
