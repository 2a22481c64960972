/**
 * URL checks for everything that can move the page or load a resource from a server-supplied
 * string: redirect links, link actions, bridge openLink, image sources (SECURITY 11, 12).
 *
 * The checks first normalise the string the way a browser's URL parser would (urlParts.ts), then
 * parse it and decide on the parsed parts. The bridge's openLink check is in bridgeLink.ts.
 */

import { carriesSessionValue } from './sessionValues';
import {
  hostListed,
  isSameOriginPath,
  normaliseUrlInput,
  originOf,
  parse,
  SCHEME,
} from './urlParts';

export type UrlCheck = { ok: true; url: string; external: boolean } | { ok: false; reason: string };

export type ImageUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

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
