/**
 * Reading a server-supplied URL the way a browser's URL parser would: tab/newline removed
 * anywhere, C0 controls and spaces trimmed at the ends, so that `\tjava\nscript:` cannot slip past
 * a naive prefix test; then the WHATWG parser, and exact host comparison. Anything that does not
 * parse, or that still holds control characters, is refused by the checks built on these.
 */

/** Matches a scheme at the very start (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"). */
export const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
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
export function isSameOriginPath(s: string): boolean {
  return s.startsWith('/') && s[1] !== '/' && s[1] !== '\\';
}

export function parse(s: string, base?: string): URL | null {
  try {
    return base === undefined ? new URL(s) : new URL(s, base);
  } catch {
    return null;
  }
}

export function originOf(origin: string): string | null {
  const parsed = parse(origin);
  return parsed ? parsed.origin : null;
}

/** Is `host` (URL.host: lower case, a non-default port kept) one of `hosts`, compared exactly? */
export function hostListed(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((entry) => entry.trim().toLowerCase() === h);
}

/** A query or path part decoded (`+` as a space); the part itself when it is not valid %-encoding. */
export function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}
