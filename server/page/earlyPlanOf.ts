/**
 * The first screen's early requests: each data source the page loads at once whose
 * parameters nothing but the page's query decides, with those parameters written as the query
 * keys they read (src/contract/servedPage/earlyPlan.ts). The page's early script (src/app/shell/early.ts) reads
 * them from the page's own query and sends the requests before the app's entry has arrived; the
 * app's API client takes their answers when it builds the same requests (src/app/http/earlyRequests.ts).
 *
 * The plan holds no query value: it is one text per layout version, the same for every
 * borrower, and the service worker keeps it in a cached page, so a warm open sends its requests
 * early too. A parameter qualifies when it is a literal or exactly `{{ query.a }}` or
 * `{{ query.a || query.b || ... }}` (what the shipped layouts write); a source with any other
 * binding (state, data, config, a function, text around a binding), a `when`, or a file upload is
 * left to the app. tests/server/earlyPlan.test.ts holds the plan's reading of a query to the
 * app's resolver (src/contract/servedPage/resolve.ts) for every shipped layout.
 */
import app from '../../config/app.json';
import endpoints from '../../schemas/api/endpoints.json';
import { clientPath } from '@kopa/contract';
import { isForbiddenKey } from '@kopa/expr';
import type { EarlyPlan, PlannedParam, PlannedRequest } from '@kopa/contract';
import { isStatic } from '@kopa/contract';

interface SourceLike {
  endpoint?: unknown;
  load?: unknown;
  when?: unknown;
  params?: unknown;
  query?: unknown;
}

const catalogue = endpoints.endpoints as Record<
  string,
  { path: string; method: string; client: string }
>;

const KEY = '[A-Za-z_$][A-Za-z0-9_$]*';
/** `{{ query.a }}` or `{{ query.a || query.b ... }}`, the whole string. */
const QUERY_CHAIN = new RegExp(
  `^\\{\\{\\s*query\\.${KEY}(?:\\s*\\|\\|\\s*query\\.${KEY})*\\s*\\}\\}$`,
);
const QUERY_KEY = new RegExp(`query\\.(${KEY})`, 'g');

/** One parameter as the plan writes it, or null when the query alone does not decide it. */
function plannedParam(name: string, value: unknown): PlannedParam | null {
  if (isForbiddenKey(name)) return null;
  if (typeof value === 'string' && QUERY_CHAIN.test(value)) {
    const keys = [...value.matchAll(QUERY_KEY)].map((m) => m[1] ?? '');
    return keys.some(isForbiddenKey) ? null : [name, { query: keys }];
  }
  return isStatic(value) ? [name, { value }] : null;
}

/** A source's params (or query) in the plan's form; null when any one does not qualify. */
function plannedParams(value: unknown): PlannedParam[] | null {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: PlannedParam[] = [];
  for (const [name, v] of Object.entries(value)) {
    const p = plannedParam(name, v);
    if (!p) return null;
    out.push(p);
  }
  return out;
}

/** The plan for a layout, or null when no source qualifies. */
export function earlyPlanOf(doc: unknown): EarlyPlan | null {
  const sources =
    (doc as { dataSources?: Record<string, SourceLike | undefined> } | null)?.dataSources ?? {};
  const requests: PlannedRequest[] = [];
  for (const source of Object.values(sources)) {
    if (
      !source ||
      typeof source.endpoint !== 'string' ||
      source.load === 'manual' ||
      source.when !== undefined
    )
      continue;
    const entry = Object.hasOwn(catalogue, source.endpoint)
      ? catalogue[source.endpoint]
      : undefined;
    if (
      !entry ||
      (entry.client !== 'json' && entry.client !== 'form') ||
      (entry.method !== 'GET' && entry.method !== 'POST')
    )
      continue;
    const params = plannedParams(source.params);
    const query = plannedParams(source.query);
    if (!params || !query) continue;
    requests.push({
      endpoint: source.endpoint,
      spec: {
        path: clientPath(entry.path, app.legacyPrefix),
        method: entry.method,
        client: entry.client,
      },
      params,
      ...(source.query !== undefined ? { query } : {}),
    });
  }
  return requests.length > 0 ? { requests } : null;
}
