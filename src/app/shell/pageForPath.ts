import { routeTable } from './appConfig';

export type RoutePage = (typeof routeTable.pages)[keyof typeof routeTable.pages];

/**
 * The route table's page for a location's path, matched as React Router matched it: letters in
 * any case, trailing slashes ignored, percent-escapes decoded. Every path in the table is a
 * plain path (no parameters, no splats; tests/unit/pageForPath.test.ts holds that), so a lookup is the whole match,
 * and React Router's route ranking (about 7 KB of compressed code on every first visit) is not
 * needed for it.
 */
const pages = new Map<string, RoutePage>(
  Object.values(routeTable.pages).map((page) => [normalize(page.path), page]),
);

function normalize(path: string): string {
  const trimmed = path.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path; // a malformed escape: matched as written (React Router does the same)
  }
}

export function pageForPath(pathname: string): RoutePage | undefined {
  return pages.get(normalize(decoded(pathname)));
}
