/**
 * The first screen's early requests (issue 10): for each data source the page loads at once whose
 * parameters read nothing but the page's query, the request with those parameters resolved, by the
 * app's own resolver, from this page's query. The page's early script (src/shell/early.ts) sends
 * them before the app's entry has arrived; the app's API client takes their answers when it builds
 * the same requests (src/http/earlyRequests.ts).
 *
 * A source is left out when anything else could change its request: a `when`, a binding that
 * reads state, data, config or a whole `query`, a function call, a file upload. The plan records the query values
 * it read (and only those: no session token is written into the page), so a page answered from a
 * cache for another query sends nothing early.
 */
import app from '../../config/app.json';
import endpoints from '../../schemas/api/endpoints.json';
import { analyzeTemplate, hasBindings } from '../../src/expr';
import { clientPath } from '../../src/contract/catalogue';
import type { EarlyPlan, PlannedRequest } from '../../src/prelude/earlyPlan';
import { resolveWith, type ResolveProblem } from '../../src/prelude/resolve';
import { readPageQuery } from '../../src/prelude/query';

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

/** Every string in a layout value (params are objects of strings, numbers and nested values). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The query keys `value`'s bindings read, or null when they read anything else or call a function. */
function queryKeysRead(value: unknown): Set<string> | null {
  const keys = new Set<string>();
  for (const text of strings(value)) {
    if (!hasBindings(text)) continue;
    const { errors, paths, functions } = analyzeTemplate(text);
    if (errors.length > 0 || functions.length > 0) return null;
    for (const [root, key] of paths) {
      if (root !== 'query' || key === undefined) return null;
      keys.add(key);
    }
  }
  return keys;
}

function resolved(value: unknown, scope: Record<string, unknown>): Record<string, unknown> | null {
  const problems: ResolveProblem[] = [];
  // No functions: a binding that calls one is never planned (queryKeysRead).
  const out = resolveWith(value ?? {}, scope, {}, '', problems);
  if (problems.length > 0) return null;
  return out !== null && typeof out === 'object' && !Array.isArray(out)
    ? (out as Record<string, unknown>)
    : {};
}

/** The plan for a layout opened with `search` (`?a=1&b=2`), or null when no source qualifies. */
export function earlyPlanOf(doc: unknown, search: string): EarlyPlan | null {
  const sources =
    (doc as { dataSources?: Record<string, SourceLike | undefined> } | null)?.dataSources ?? {};
  // The one reading of the query (src/prelude/query.ts), as the page's bindings read it.
  const query = readPageQuery(search);
  const scope = Object.assign(Object.create(null) as Record<string, unknown>, { query });
  const from: Record<string, string | null> = {};
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
    const read = queryKeysRead([source.params, source.query]);
    if (!read) continue;
    const params = resolved(source.params, scope);
    const extra = source.query === undefined ? undefined : resolved(source.query, scope);
    if (!params || extra === null) continue;
    for (const key of read) from[key] = Object.hasOwn(query, key) ? (query[key] ?? null) : null;
    requests.push({
      endpoint: source.endpoint,
      spec: {
        path: clientPath(entry.path, app.legacyPrefix),
        method: entry.method,
        client: entry.client,
      },
      params,
      ...(extra ? { query: extra as PlannedRequest['query'] } : {}),
    });
  }
  return requests.length > 0 ? { from, requests } : null;
}
