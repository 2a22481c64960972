import { routeTable } from './appConfig';
import { pageMatcher } from '@kopa/contract';

export type RoutePage = (typeof routeTable.pages)[keyof typeof routeTable.pages];

/**
 * The route table's page for a location's path, matched as React Router matched it: letters in
 * any case, trailing slashes ignored, percent-escapes decoded (src/contract/servedPage/pagePath.ts, which the
 * server's page writer reads paths with too). Every path in the table is a plain path (no
 * parameters, no splats; tests/unit/pageForPath.test.ts holds that), so a lookup is the whole
 * match, and React Router's route ranking (about 7 KB of compressed code on every first visit) is
 * not needed for it.
 */
export const pageForPath: (pathname: string) => RoutePage | undefined = pageMatcher<RoutePage>(
  routeTable.pages,
);
