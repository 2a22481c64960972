/**
 * URL checks for everything that can move the page or load a resource from a server-supplied
 * string: redirect links, link actions, bridge openLink, image sources (SECURITY 11, 12).
 *
 * The checks first normalise the string the way a browser's URL parser would (tab/newline removed
 * anywhere, C0 controls and spaces trimmed at the ends) so that `\tjava\nscript:` cannot slip past
 * a naive prefix test, then parse with the WHATWG URL parser and decide on the parsed parts.
 * Anything that does not parse, or that still holds control characters, is refused.
 */

export type UrlCheck =
  | { ok: true; url: string; external: boolean }
  | { ok: false; reason: string };

export type ImageUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** Matches a scheme at the very start (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"). */
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const EDGE_C0_OR_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_URL_LENGTH = 8192;

/** The string as the URL parser will see it; null when it should not be considered at all. */
export function normaliseUrlInput(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_URL_LENGTH) return null;
  const s = raw.replace(TAB_OR_NEWLINE, '').replace(EDGE_C0_OR_SPACE, '');
  if (s === '' || CONTROL.test(s)) return null;
  return s;
}

/** A same-origin path: one leading `/`, never `//` or `/\` (both mean "another host" to browsers). */
function isSameOriginPath(s: string): boolean {
  return s.startsWith('/') && s[1] !== '/' && s[1] !== '\\';
}

function parse(s: string, base?: string): URL | null {
  try {
    return base === undefined ? new URL(s) : new URL(s, base);
  } catch {
    return null;
  }
}

function originOf(origin: string): string | null {
  const parsed = parse(origin);
  return parsed ? parsed.origin : null;
}

/**
 * May the page navigate to `raw`? Relative paths stay on `origin`; absolute URLs on another origin
 * must be https on a host listed in `allowlist` (compared exactly, case-insensitively, including a
 * non-default port when the entry names one). Plain http is refused off the page's origin: a pay
 * or redirect link over http can be read and rewritten on the way. An absolute URL on the page's
 * own origin is treated as relative, whatever its scheme (a plain-http development server).
 */
export function checkNavigationUrl(raw: string, allowlist: readonly string[], origin: string): UrlCheck {
  const s = normaliseUrlInput(raw);
  if (s === null) return { ok: false, reason: 'empty, too long or contains control characters' };
  const pageOrigin = originOf(origin);
  if (pageOrigin === null) return { ok: false, reason: 'invalid page origin' };

  if (isSameOriginPath(s)) {
    const u = parse(s, pageOrigin);
    // The parser turns some backslashes into slashes; re-check that we really stayed home.
    if (!u || u.origin !== pageOrigin) return { ok: false, reason: 'relative path leaves the origin' };
    return { ok: true, url: u.pathname + u.search + u.hash, external: false };
  }

  const scheme = SCHEME.exec(s)?.[1]?.toLowerCase();
  if (scheme === undefined) return { ok: false, reason: 'not an absolute URL or a /path' };
  if (scheme !== 'http' && scheme !== 'https') return { ok: false, reason: `scheme "${scheme}:" is not allowed` };

  const u = parse(s);
  if (!u) return { ok: false, reason: 'unparsable URL' };
  // `https://ok.example@evil.tld` puts the trusted name in the userinfo; never allow userinfo.
  if (u.username !== '' || u.password !== '') return { ok: false, reason: 'credentials in URL' };
  if (u.origin === pageOrigin) return { ok: true, url: u.pathname + u.search + u.hash, external: false };
  // Decided on the parsed scheme, so `HTTP://`, `hTtP:` and `http:\\host` all land here.
  if (u.protocol !== 'https:') return { ok: false, reason: `plain ${u.protocol} is not allowed for another host; use https` };

  const host = u.host.toLowerCase();
  const allowed = allowlist.some((entry) => entry.trim().toLowerCase() === host);
  if (!allowed) return { ok: false, reason: `host "${u.hostname}" is not on the allowlist` };
  return { ok: true, url: u.href, external: true };
}

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/i;

/**
 * May `raw` be used as an image source? Same-origin paths, any https URL (images cannot run
 * script; the CSP's img-src allows `https:`, so product and bank logos may come from a CDN that is
 * not on the redirect allowlist), base64 raster data URLs and same-origin blob URLs. Plain http
 * only on the page's own origin, as for navigation (mixed content elsewhere, allowlisted or not).
 * SVG data URLs are refused because an SVG opened on its own can carry script.
 */
export function checkImageUrl(raw: string, origin: string): ImageUrlCheck {
  const s = normaliseUrlInput(raw);
  if (s === null) return { ok: false, reason: 'empty, too long or contains control characters' };
  const pageOrigin = originOf(origin);
  if (pageOrigin === null) return { ok: false, reason: 'invalid page origin' };

  if (isSameOriginPath(s)) {
    const u = parse(s, pageOrigin);
    if (!u || u.origin !== pageOrigin) return { ok: false, reason: 'relative path leaves the origin' };
    return { ok: true, url: u.pathname + u.search + u.hash };
  }

  const scheme = SCHEME.exec(s)?.[1]?.toLowerCase();
  if (scheme === 'data') {
    return DATA_IMAGE.test(s) ? { ok: true, url: s } : { ok: false, reason: 'only base64 png/jpeg/gif/webp data URLs' };
  }
  if (scheme === 'https' || scheme === 'blob' || scheme === 'http') {
    const u = parse(s);
    if (!u) return { ok: false, reason: 'unparsable URL' };
    if (u.username !== '' || u.password !== '') return { ok: false, reason: 'credentials in URL' };
    // blob: URLs carry their creator's origin; one from elsewhere was not made by this page.
    if (scheme === 'blob') return u.origin === pageOrigin ? { ok: true, url: u.href } : { ok: false, reason: 'foreign blob URL' };
    // Plain http only on our own origin (a dev server); elsewhere it is mixed content.
    if (u.protocol !== 'https:' && u.origin !== pageOrigin) return { ok: false, reason: `plain ${u.protocol} image from another host; use https` };
    return { ok: true, url: u.href };
  }
  return { ok: false, reason: scheme === undefined ? 'not an absolute URL or a /path' : `scheme "${scheme}:" is not allowed` };
}

export interface BridgeLinkPolicy {
  allowlist: readonly string[];
  origin: string;
  /** e.g. `kopa://`; links in the app's own scheme are the native app's business. */
  deepLinkScheme?: string;
}

/**
 * What may be handed to the native openLink action. The spec passes "a product link that does not
 * start with http" to the host, so besides checked http(s) URLs and paths we accept the app's own
 * deep-link scheme and bare tokens (a route name such as `productDetail?id=3`), but never another
 * scheme, a protocol-relative `//host` or `/\host`.
 */
export function checkBridgeLink(raw: string, policy: BridgeLinkPolicy): UrlCheck {
  const s = normaliseUrlInput(raw);
  if (s === null) return { ok: false, reason: 'empty, too long or contains control characters' };
  const scheme = SCHEME.exec(s)?.[1]?.toLowerCase();
  const own = policy.deepLinkScheme?.replace(/:.*$/, '').toLowerCase();
  if (scheme === undefined) {
    if (s.startsWith('/') || s.startsWith('\\')) return checkNavigationUrl(s, policy.allowlist, policy.origin);
    return { ok: true, url: s, external: true };
  }
  // The same rule as a redirect: https only for another host, any scheme on the page's own origin.
  if (scheme === 'http' || scheme === 'https') return checkNavigationUrl(s, policy.allowlist, policy.origin);
  if (own !== undefined && own !== '' && scheme === own) return { ok: true, url: s, external: true };
  return { ok: false, reason: `scheme "${scheme}:" is not allowed` };
}
