/**
 * The one place where HTML from a server becomes something on screen (SECURITY 1, 2).
 *
 * HTML is parsed in an inert document (DOMParser: no script runs, no image loads) and walked
 * against an allowlist into a plain tree of tags, vetted attributes and text. RichText builds
 * React elements from that tree, so no HTML string is ever handed back to the browser:
 * there is no innerHTML sink at all (no dangerouslySetInnerHTML either, so this folder needs no
 * exemption from the lint rule against it), and so no parse-serialise-reparse (mutation XSS) gap.
 * Link and image URLs are judged by the checks the caller passes in, never by rules of our own.
 */

export type SafeElement = { tag: string; attrs: Record<string, string>; children: SafeNode[] };
export type SafeNode = string | SafeElement;

/** What a link check answers: the shape of the runtime's env.checkUrl. */
export type LinkCheck =
  { ok: true; url: string; external: boolean } | { ok: false; reason: string };

/**
 * The URL rules are not this module's: the runtime's checks decide (src/security/url.ts, with its
 * normalisation, control-character refusal and length cap). RichText passes env.checkUrl and
 * env.checkImageUrl; there is deliberately no default, so no caller can forget them.
 */
export interface SanitizeOptions {
  /** Navigation links (env.checkUrl): a refused link keeps its text but loses its href. */
  checkLink: (raw: string) => LinkCheck;
  /** Image sources (env.checkImageUrl): the URL to use, or null to drop the image. */
  checkImage: (raw: string) => string | null;
}

/** Kept with their content (minus anything not allowed inside). */
const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'img',
  'hr',
  'blockquote',
  'sub',
  'sup',
  'small',
]);

/** Dropped with everything inside: active content, embedded documents, forms, metadata. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'title',
  'head',
  'meta',
  'link',
  'base',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'xmp',
  'plaintext',
  'portal',
  'dialog',
  'slot',
]);

/** Table parts where the HTML parser keeps whitespace that React would warn about. */
const NO_TEXT_INSIDE = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/** Bounds for pathological input (SECURITY 6): the page stays alive, the excess is dropped. */
export const HTML_LIMITS = Object.freeze({
  maxChars: 500_000,
  maxDepth: 40,
  maxNodes: 10_000,
  maxSourceDepth: 256,
});

/** Tags whose end tag is usually left out; counting them would mistake long lists for nesting. */
const SELF_ENDING = new Set([
  'p',
  'li',
  'td',
  'th',
  'tr',
  'dt',
  'dd',
  'option',
  'optgroup',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'rt',
  'rp',
]);
const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'source',
  'track',
  'wbr',
  'param',
]);

/**
 * Cuts the source where its tags nest deeper than maxSourceDepth. HTML parsers slow down
 * sharply on very deep trees (jsdom's is quadratic), and nothing that deep is content: the walk
 * keeps 40 levels anyway. A rough tag count is enough here; the parser still decides structure,
 * and cutting only ever removes content.
 */
function cutDeepNesting(html: string): string {
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

const DIGITS = /^[0-9]{1,4}$/;

function attributesOf(
  el: Element,
  tag: string,
  options: SanitizeOptions,
): Record<string, string> | null {
  const attrs: Record<string, string> = {};
  const get = (name: string) => el.getAttribute(name);
  if (tag === 'a') {
    const raw = get('href');
    const link = raw === null ? null : options.checkLink(raw);
    if (link?.ok) {
      attrs.href = link.url;
      // Off-site: a new tab with no opener and no referrer, so the session query string stays here.
      if (link.external) {
        attrs.target = '_blank';
        attrs.rel = 'noopener noreferrer';
      }
    }
    const title = get('title');
    if (title) attrs.title = title;
  } else if (tag === 'img') {
    const raw = get('src');
    const src = raw === null ? null : options.checkImage(raw);
    if (src === null) return null; // an image that may not load is no image at all
    attrs.src = src;
    attrs.alt = get('alt') ?? '';
    for (const name of ['width', 'height']) {
      const v = get(name);
      if (v && DIGITS.test(v)) attrs[name] = v;
    }
  } else if (tag === 'td' || tag === 'th') {
    for (const name of ['colspan', 'rowspan']) {
      const v = get(name);
      if (v && DIGITS.test(v) && Number(v) >= 1 && Number(v) <= 100) attrs[name] = v;
    }
  } else if (tag === 'ol') {
    const start = get('start');
    if (start && DIGITS.test(start)) attrs.start = start;
  }
  return attrs;
}

interface Walk {
  nodes: number;
  options: SanitizeOptions;
}

function walkChildren(parent: Node, parentTag: string, depth: number, walk: Walk): SafeNode[] {
  const out: SafeNode[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (++walk.nodes > HTML_LIMITS.maxNodes) break;
    if (child.nodeType === 3) {
      const text = child.nodeValue ?? '';
      if (NO_TEXT_INSIDE.has(parentTag) && text.trim() === '') continue;
      out.push(text);
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.localName.toLowerCase();
    // Elements of other namespaces (svg, math content) never reach the allowlist by name.
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED.has(tag)) continue;
    if (depth >= HTML_LIMITS.maxDepth) continue;
    if (!ALLOWED.has(tag)) {
      out.push(...walkChildren(el, parentTag, depth + 1, walk)); // unknown but harmless: keep its content
      continue;
    }
    const attrs = attributesOf(el, tag, walk.options);
    if (attrs === null) continue;
    const children =
      tag === 'br' || tag === 'hr' || tag === 'img' ? [] : walkChildren(el, tag, depth + 1, walk);
    out.push({ tag, attrs, children });
  }
  return out;
}

/** Parses and filters HTML into a safe tree. Input past the size limit is cut, not refused. */
export function sanitizeHtml(html: string, options: SanitizeOptions): SafeNode[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(
    cutDeepNesting(html.slice(0, HTML_LIMITS.maxChars)),
    'text/html',
  );
  return walkChildren(doc.body, 'div', 0, { nodes: 0, options });
}

/** Plain text: a blank line separates paragraphs, a single newline breaks a line. */
export function textParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => p.split('\n'));
}
