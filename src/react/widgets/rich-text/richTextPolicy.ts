/**
 * What rich text may hold: the app's allowlist, read by the DOMPurify config in sanitizeHtml.ts.
 * Agreement and policy pages need headings, lists, tables, links and images; nothing else.
 */

/** Kept with their content (minus anything not allowed inside). */
export const ALLOWED_TAGS: readonly string[] = [
  ...['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a'],
  ...['span', 'div', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'img'],
  ...['hr', 'blockquote', 'sub', 'sup', 'small'],
];

/**
 * Dropped with everything inside: active content, embedded documents, forms, metadata. Other
 * unknown elements lose only their tag and keep their (sanitised) content.
 */
export const DROPPED_WITH_CONTENT: readonly string[] = [
  ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg'],
  ...['math', 'form', 'input', 'button', 'select', 'option', 'textarea', 'template', 'noscript'],
  ...['noembed', 'noframes', 'title', 'head', 'meta', 'link', 'base', 'video', 'audio'],
  ...['source', 'track', 'canvas', 'xmp', 'plaintext', 'portal', 'dialog', 'slot'],
];

/** The only attributes kept, per tag; href and src are judged by the caller's URL checks. */
export const ATTRIBUTES_OF: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

const DIGITS = /^[0-9]{1,4}$/;

/** Whether a numeric attribute's value is a plain small number (spans within 1..100). */
export function numberAllowed(name: string, value: string): boolean {
  if (!DIGITS.test(value)) return false;
  if (name === 'colspan' || name === 'rowspan') return Number(value) >= 1 && Number(value) <= 100;
  return true;
}

/** Bounds for pathological input (SECURITY 6): the page stays alive, the excess is dropped. */
export const HTML_LIMITS = Object.freeze({
  maxChars: 500_000,
  maxDepth: 40,
  maxNodes: 10_000,
  maxSourceDepth: 256,
});

/** Tags whose end tag is usually left out; counting them would mistake long lists for nesting. */
const SELF_ENDING = new Set(
  ['p', 'li', 'td', 'th', 'tr', 'dt', 'dd', 'option', 'optgroup', 'thead', 'tbody', 'tfoot'].concat(
    ['colgroup', 'rt', 'rp'],
  ),
);
const VOID = new Set(
  ['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source'].concat([
    'track',
    'wbr',
    'param',
  ]),
);

/**
 * Cuts the source where its tags nest deeper than maxSourceDepth. HTML parsers slow down
 * sharply on very deep trees (jsdom's is quadratic), and nothing that deep is content: the tree
 * keeps 40 levels anyway. A rough tag count is enough here; the parser still decides structure,
 * and cutting only ever removes content.
 */
export function cutDeepNesting(html: string): string {
  const tags = /<(\/?)([A-Za-z][A-Za-z0-9-]*)[^>]*?(\/?)>/g;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    const name = (m[2] ?? '').toLowerCase();
    if (VOID.has(name) || SELF_ENDING.has(name) || m[3] === '/') continue;
    depth = m[1] === '/' ? Math.max(0, depth - 1) : depth + 1;
    if (depth > HTML_LIMITS.maxSourceDepth) return html.slice(0, m.index);
  }
  return html;
}
