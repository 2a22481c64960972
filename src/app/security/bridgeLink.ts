/**
 * What the page may hand to the native app's openLink (SECURITY 12): checked web addresses and
 * paths, the app's own deep links and bare route tokens, never another scheme.
 */
import { carriesSessionValue } from './sessionValues';
import { checkNavigationUrl, type UrlCheck } from './url';
import { decoded, normaliseUrlInput, parse, SCHEME } from './urlParts';

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
