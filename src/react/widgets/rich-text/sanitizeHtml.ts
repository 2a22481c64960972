/**
 * The one place where HTML from a server becomes something on screen (SECURITY 1, 2).
 *
 * DOMPurify, a well-kept sanitiser, does the parsing and filtering in an inert document, with the
 * app's allowlist (richTextPolicy.ts) as its config and the app's URL checks as hooks. It hands
 * back the cleaned DOM (RETURN_DOM), never a string: this module turns that DOM into a plain tree
 * of tags, attributes and text, and RichText builds React elements from the tree. So no HTML
 * string is handed back to the browser, there is no innerHTML sink (no dangerouslySetInnerHTML
 * either) and no parse-serialise-reparse (mutation XSS) gap.
 */
import DOMPurify, { type Config } from 'dompurify';
import {
  ALLOWED_TAGS,
  ATTRIBUTES_OF,
  DROPPED_WITH_CONTENT,
  HTML_LIMITS,
  cutDeepNesting,
  numberAllowed,
} from './richTextPolicy';

export type SafeElement = { tag: string; attrs: Record<string, string>; children: SafeNode[] };
export type SafeNode = string | SafeElement;

/** What a link check answers: the shape of the runtime's env.checkUrl. */
export type LinkCheck =
  { ok: true; url: string; external: boolean } | { ok: false; reason: string };

/**
 * The URL rules are not this module's: the runtime's checks decide (src/app/security/url.ts, with its
 * normalisation, control-character refusal and length cap). RichText passes env.checkUrl and
 * env.checkImageUrl; there is deliberately no default, so no caller can forget them.
 */
export interface SanitizeOptions {
  /** Navigation links (env.checkUrl): a refused link keeps its text but loses its href. */
  checkLink: (raw: string) => LinkCheck;
  /** Image sources (env.checkImageUrl): the URL to use, or null to drop the image. */
  checkImage: (raw: string) => string | null;
}

const CONFIG: Config & { RETURN_DOM: true } = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: Object.values(ATTRIBUTES_OF).flat(),
  ADD_FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_DOM: true,
};

/** A private instance: its hooks serve this module only, and read the checks of the current call. */
const purifier = DOMPurify();
let checks: SanitizeOptions | null = null;
/** Per call: the images' approved sources and the links that leave the app. */
let approvedImages = new WeakMap<Element, string>();
let externalLinks = new WeakSet<Element>();

function activeChecks(): SanitizeOptions {
  if (!checks) throw new Error('rich text hooks ran outside sanitizeHtml');
  return checks;
}

// An image whose source the check refuses (or that has none) is no image at all.
purifier.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName !== 'img' || !(node instanceof Element)) return;
  const raw = node.getAttribute('src');
  const src = raw === null ? null : activeChecks().checkImage(raw);
  if (src === null) node.remove();
  else approvedImages.set(node, src);
});

// Per-tag attributes; URLs are replaced by what the checks answer for the raw attribute value.
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName;
  if (!ATTRIBUTES_OF[node.localName]?.includes(name)) {
    data.keepAttr = false;
  } else if (name === 'href') {
    const link = activeChecks().checkLink(node.getAttribute('href') ?? '');
    if (link.ok) data.attrValue = link.url;
    else data.keepAttr = false;
    if (link.ok && link.external) externalLinks.add(node);
  } else if (name === 'src') {
    const src = approvedImages.get(node);
    if (src === undefined) data.keepAttr = false;
    else data.attrValue = src;
  } else if (name === 'title') {
    data.keepAttr = data.attrValue !== '';
  } else if (name !== 'alt') {
    data.keepAttr = numberAllowed(name, data.attrValue);
  }
});

// Off-site links open in a new tab with no opener and no referrer, so the session query string
// stays here (SECURITY 23, 24); images always carry alt text, empty when the source gave none.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.localName === 'a' && externalLinks.has(node) && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (node.localName === 'img' && !node.hasAttribute('alt')) {
    node.setAttribute('alt', '');
  }
});

/** Table parts where the HTML parser keeps whitespace that React would warn about. */
const NO_TEXT_INSIDE = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
const EMPTY = new Set(['br', 'hr', 'img']);

/** The cleaned DOM as a plain tree, within the depth and node bounds. */
function toTree(parent: Node, parentTag: string, depth: number, seen: { nodes: number }) {
  const out: SafeNode[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (++seen.nodes > HTML_LIMITS.maxNodes) break;
    if (child.nodeType === Node.TEXT_NODE) {
      const text = child.nodeValue ?? '';
      if (!(NO_TEXT_INSIDE.has(parentTag) && text.trim() === '')) out.push(text);
    } else if (child instanceof Element && depth < HTML_LIMITS.maxDepth) {
      const tag = child.localName;
      const attrs = Object.fromEntries([...child.attributes].map((a) => [a.name, a.value]));
      const children = EMPTY.has(tag) ? [] : toTree(child, tag, depth + 1, seen);
      out.push({ tag, attrs, children });
    }
  }
  return out;
}

/** Parses and filters HTML into a safe tree. Input past the size limit is cut, not refused. */
export function sanitizeHtml(html: string, options: SanitizeOptions): SafeNode[] {
  if (!html) return [];
  checks = options;
  approvedImages = new WeakMap();
  externalLinks = new WeakSet();
  try {
    const source = cutDeepNesting(html.slice(0, HTML_LIMITS.maxChars));
    const clean: unknown = purifier.sanitize(source, CONFIG);
    // Without a DOM DOMPurify hands the input back unchanged: nothing of it is shown then.
    return clean instanceof Node ? toTree(clean, 'div', 0, { nodes: 0 }) : [];
  } finally {
    checks = null;
  }
}
