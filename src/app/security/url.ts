/**
 * URL checks for everything that can move the page or load a resource from a server-supplied
 * string: redirect links, link actions, bridge openLink, image sources (SECURITY 11, 12).
 *
 * The checks first normalise the string the way a browser's URL parser would (tab/newline removed
 * anywhere, C0 controls and spaces trimmed at the ends) so that `\tjava\nscript:` cannot slip past
 * a naive prefix test, then parse with the WHATWG URL parser and decide on the parsed parts.
 * Anything that does not parse, or that still holds control characters, is refused.
 */

export type UrlCheck = { ok: true; url: string; external: boolean } | { ok: false; reason: string };

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

/** Is `host` (URL.host: lower case, a non-default port kept) one of `hosts`, compared exactly? */
function hostListed(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((entry) => entry.trim().toLowerCase() === h);
}

/**
 * A link or frame target: a same-origin path or http(s) URL stays home (relative); an https URL
 * on another origin is decided by `foreign`. Plain http is refused off the page's origin: a pay
 * or redirect link over http can be read and rewritten on the way. An absolute URL on the page's
 * own origin is treated as relative, whatever its scheme (a plain-http development server).
 */
function checkTarget(raw: string, origin: string, foreign: (u: URL) => UrlCheck): UrlCheck {
  const s = normaliseUrlInput(raw);
  if (s === null) return { ok: false, reason: 'empty, too long or contains control characters' };
  const pageOrigin = originOf(origin);
  if (pageOrigin === null) return { ok: false, reason: 'invalid page origin' };

  if (isSameOriginPath(s)) {
    const u = parse(s, pageOrigin);
    // The parser turns some backslashes into slashes; re-check that we really stayed home.
    if (!u || u.origin !== pageOrigin)
      return { ok: false, reason: 'relative path leaves the origin' };
    return { ok: true, url: u.pathname + u.search + u.hash, external: false };
  }

  const scheme = SCHEME.exec(s)?.[1]?.toLowerCase();
  if (scheme === undefined) return { ok: false, reason: 'not an absolute URL or a /path' };
  if (scheme !== 'http' && scheme !== 'https')
    return { ok: false, reason: `scheme "${scheme}:" is not allowed` };

  const u = parse(s);
  if (!u) return { ok: false, reason: 'unparsable URL' };
  // `https://ok.example@evil.tld` puts the trusted name in the userinfo; never allow userinfo.
  if (u.username !== '' || u.password !== '') return { ok: false, reason: 'credentials in URL' };
  if (u.origin === pageOrigin)
    return { ok: true, url: u.pathname + u.search + u.hash, external: false };
  // Decided on the parsed scheme, so `HTTP://`, `hTtP:` and `http:\\host` all land here.
  if (u.protocol !== 'https:')
    return { ok: false, reason: `plain ${u.protocol} is not allowed for another host; use https` };
  return foreign(u);
}

/**
 * May the page navigate to `raw`? Relative paths stay on `origin`; absolute URLs on another origin
 * must be https on a host listed in `allowlist` (compared exactly, case-insensitively, including a
 * non-default port when the entry names one).
 */
export function checkNavigationUrl(
  raw: string,
  allowlist: readonly string[],
  origin: string,
): UrlCheck {
  return checkTarget(raw, origin, (u) =>
    hostListed(u.host, allowlist)
      ? { ok: true, url: u.href, external: true }
      : { ok: false, reason: `host "${u.hostname}" is not on the allowlist` },
  );
}

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/i;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** Does `text` hold `value` where it is not part of a longer run of digits or letters? */
function holdsWord(text: string, value: string): boolean {
  const edge = (c: string | undefined, of: string | undefined) =>
    c !== undefined && of !== undefined && /\d/.test(c) === /\d/.test(of) && /[a-z\d]/.test(c);
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    if (!edge(text[at - 1], value[0]) && !edge(text[at + value.length], value[value.length - 1]))
      return true;
  }
  return false;
}

/** Base64 of a value, as btoa and URL-safe, without padding. */
function base64Forms(value: string): string[] {
  try {
    const b = btoa(unescape(encodeURIComponent(value))).replace(/=+$/, '');
    return [b, b.replace(/\+/g, '-').replace(/\//g, '_')];
  } catch {
    return [];
  }
}

/**
 * Does a URL to another origin carry one of the borrower's session values (userId, sessionId,
 * phone, ...)? The value anywhere in the decoded URL, any case, unless it is part of a longer
 * run of digits or letters (`u10001.png` carries 10001, `a100012.png` does not); its base64; a
 * phone's national number in the URL's digits whatever country code precedes it
 * (`255712345678` carries 0712345678, and the other way round). A layout must never send them to another host: the
 * validator refuses the layouts that would; this is the page's own check of the URL it is about
 * to load, the second wall.
 */
export function carriesSessionValue(u: URL, values: readonly string[]): boolean {
  const secrets = values.filter((v) => v.length >= 4);
  if (secrets.length === 0) return false;
  const whole = decoded(u.href);
  const lower = whole.toLowerCase();
  const digits = whole.replace(/\D/g, '');
  return secrets.some((s) => {
    if (holdsWord(lower, s.toLowerCase())) return true;
    if (s.length >= 5 && base64Forms(s).some((b) => b.length >= 6 && whole.includes(b)))
      return true;
    if (!/^\+?\d+$/.test(s)) return false;
    // The national number: without the trunk 0, or the last nine digits after a country code.
    const national = s.replace(/^\+?0*/, '');
    const core = national.length >= 11 ? national.slice(-9) : national;
    return core.length >= 8 && digits.includes(core);
  });
}

export interface ResourcePolicy {
  /** Hosts other than the page's own that resources of this kind may come from (config/app.json). */
  hosts: readonly string[];
  /** The borrower's session values, never sent to another origin. */
  sessionValues?: readonly string[];
}

/**
 * May `raw` be used as an image source? Same-origin paths, https URLs on a host of
 * `policy.hosts` (config/app.json imageHosts, which the page's CSP img-src lists too),
 * base64 raster data URLs and same-origin blob URLs. Plain http only on the page's own origin, as
 * for navigation (mixed content elsewhere). An image URL to another host that carries a session
 * value is refused. SVG data URLs are refused because an SVG opened on its own can carry script.
 */
export function checkImageUrl(raw: string, origin: string, policy: ResourcePolicy): ImageUrlCheck {
  const s = normaliseUrlInput(raw);
  if (s === null) return { ok: false, reason: 'empty, too long or contains control characters' };
  const pageOrigin = originOf(origin);
  if (pageOrigin === null) return { ok: false, reason: 'invalid page origin' };

  if (isSameOriginPath(s)) {
    const u = parse(s, pageOrigin);
    if (!u || u.origin !== pageOrigin)
      return { ok: false, reason: 'relative path leaves the origin' };
    return { ok: true, url: u.pathname + u.search + u.hash };
  }

  const scheme = SCHEME.exec(s)?.[1]?.toLowerCase();
  if (scheme === 'data') {
    return DATA_IMAGE.test(s)
      ? { ok: true, url: s }
      : { ok: false, reason: 'only base64 png/jpeg/gif/webp data URLs' };
  }
  if (scheme === 'https' || scheme === 'blob' || scheme === 'http') {
    const u = parse(s);
    if (!u) return { ok: false, reason: 'unparsable URL' };
    if (u.username !== '' || u.password !== '') return { ok: false, reason: 'credentials in URL' };
    // blob: URLs carry their creator's origin; one from elsewhere was not made by this page.
    if (scheme === 'blob')
      return u.origin === pageOrigin
        ? { ok: true, url: u.href }
        : { ok: false, reason: 'foreign blob URL' };
    if (u.origin === pageOrigin) return { ok: true, url: u.href };
    // Plain http only on our own origin (a dev server); elsewhere it is mixed content.
    if (u.protocol !== 'https:')
      return { ok: false, reason: `plain ${u.protocol} image from another host; use https` };
    return foreignResource(u, policy, 'image');
  }
  return {
    ok: false,
    reason:
      scheme === undefined
        ? 'not an absolute URL or a /path'
        : `scheme "${scheme}:" is not allowed`,
  };
}

/** An https URL on another origin: allowed only on a listed host and without session values. */
function foreignResource(u: URL, policy: ResourcePolicy, kind: 'image' | 'frame'): ImageUrlCheck {
  if (!hostListed(u.host, policy.hosts))
    return {
      ok: false,
      reason: `${kind} host "${u.host}" is not on the allowlist (config/app.json ${kind}Hosts)`,
    };
  if (carriesSessionValue(u, policy.sessionValues ?? []))
    return { ok: false, reason: `${kind} URL to another origin carries a session value` };
  return { ok: true, url: u.href };
}

/**
 * May a web-frame embed `raw`? A same-origin path (or absolute URL on the page's origin), or an
 * https URL on a host of `policy.hosts` (config/app.json frameHosts, the CSP's frame-src) that
 * carries no session value.
 */
export function checkFrameUrl(raw: string, origin: string, policy: ResourcePolicy): UrlCheck {
  return checkTarget(raw, origin, (u) => {
    const checked = foreignResource(u, policy, 'frame');
    return checked.ok ? { ...checked, external: true } : checked;
  });
}

export interface BridgeLinkPolicy {
  allowlist: readonly string[];
  origin: string;
  /** e.g. `kopa://`; links in the app's own scheme are the native app's business. */
  deepLinkScheme?: string;
  /** The borrower's session values, never sent to another origin. */
  sessionValues?: readonly string[];
}

/** `partner.example/...`: what the native app opens as a web address. */
const BARE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:[/?#]|$)/i;

/** A web address handed to openLink: as a navigation, and never with a session value to another host. */
function checkWebLink(s: string, policy: BridgeLinkPolicy): UrlCheck {
  const checked = checkNavigationUrl(s, policy.allowlist, policy.origin);
  if (!checked.ok || !checked.external) return checked;
  const u = parse(checked.url);
  if (u && carriesSessionValue(u, policy.sessionValues ?? []))
    return { ok: false, reason: `a session value to host "${u.hostname}"` };
  return checked;
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
    if (s.startsWith('/') || s.startsWith('\\'))
      return checkNavigationUrl(s, policy.allowlist, policy.origin);
    if (BARE_HOST.test(s)) {
      const checked = checkWebLink(`https://${s}`, policy);
      return checked.ok ? { ok: true, url: s, external: true } : checked;
    }
    return { ok: true, url: s, external: true };
  }
  // The same rule as a redirect: https only for another host, any scheme on the page's own origin.
  if (scheme === 'http' || scheme === 'https') return checkWebLink(s, policy);
  if (own !== undefined && own !== '' && scheme === own) {
    // The app's deep link wrapping a web address goes where that address goes.
    const wrapped = /[?&]url=([^&#]*)/i.exec(s)?.[1];
    if (wrapped) {
      const checked = checkWebLink(decoded(wrapped), policy);
      if (!checked.ok) return { ok: false, reason: `the wrapped address: ${checked.reason}` };
    }
    return { ok: true, url: s, external: true };
  }
  return { ok: false, reason: `scheme "${scheme}:" is not allowed` };
}
