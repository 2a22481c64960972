/**
 * The one reading of a page path against the route table, for the app's router
 * (src/app/shell/pageForPath.ts) and the server's page writer (which route a request is, whether it
 * is public, whether it is a page at all): letters in any case, trailing slashes ignored,
 * percent-escapes decoded, as React Router matched it.
 */
export function pagePathKey(pathname: string): string {
  const trimmed = decoded(pathname).toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path; // a malformed escape: matched as written (React Router does the same)
  }
}

/** A lookup from any spelling of a route's path to its page (own entries only). */
export function pageMatcher<P extends { path: string }>(
  pages: Readonly<Record<string, P>>,
): (pathname: string) => P | undefined {
  const byKey = new Map<string, P>(Object.values(pages).map((p) => [pagePathKey(p.path), p]));
  return (pathname) => byKey.get(pagePathKey(pathname));
}
