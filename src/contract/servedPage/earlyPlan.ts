/**
 * The page's early-request plan (the `kopa-early` block, written by server/page/earlyPlan.ts):
 * the first screen's data requests that nothing but the page's query decides. A parameter read
 * from the query is written as the query keys it reads, never as a value, and the early script
 * resolves it from the page's own query. So the plan is the same for every borrower:
 * the page holds nothing of anyone's query, it is one text per layout version, and a page the
 * service worker kept sends its requests early as well (before, its plan was cut out for privacy
 * and a warm open waited for the app to start before asking for its data).
 */
import { isForbiddenKey } from '@kopa/expr';
import { readPageQuery, type PageQuery } from './query';

/** A query value a request may carry (http/buildRequest.ts takes these). */
export type QueryValue = string | number | boolean | null | undefined;

/** Where and how a planned request is sent (the catalogue entry's path, method and client). */
export interface RequestSpec {
  path: string;
  method: 'GET' | 'POST';
  client: 'json' | 'form' | 'multipart' | 'image';
}

/**
 * One parameter, in the layout's order (the request's body keeps it): `value`, a literal, or
 * `query`, the keys of `{{ query.a || query.b || ... }}` (one key: `{{ query.a }}`).
 */
export type PlannedParam = [name: string, from: { value: unknown } | { query: string[] }];

export interface PlannedRequest {
  endpoint: string;
  spec: RequestSpec;
  params: PlannedParam[];
  /** The request's own query values (a source's `query`), in the same form. */
  query?: PlannedParam[];
}

export interface EarlyPlan {
  requests: PlannedRequest[];
}

/** A request with its parameters resolved from a page's query, as the early script sends it. */
export interface ResolvedRequest {
  endpoint: string;
  spec: RequestSpec;
  params: Record<string, unknown>;
  query?: Record<string, QueryValue>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function isPlannedParam(v: unknown): v is PlannedParam {
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== 'string' || !isObject(v[1]))
    return false;
  const from = v[1];
  if (Object.hasOwn(from, 'value')) return true;
  return (
    Array.isArray(from.query) &&
    from.query.length > 0 &&
    from.query.every((k) => typeof k === 'string')
  );
}

function isPlannedRequest(v: unknown): v is PlannedRequest {
  if (!isObject(v) || typeof v.endpoint !== 'string' || !isObject(v.spec)) return false;
  if (!Array.isArray(v.params) || !v.params.every(isPlannedParam)) return false;
  if (v.query !== undefined && !(Array.isArray(v.query) && v.query.every(isPlannedParam)))
    return false;
  const { path, method, client } = v.spec;
  // Only reads this page's origin serves: a path of its own, never a file upload.
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    (method === 'GET' || method === 'POST') &&
    (client === 'json' || client === 'form')
  );
}

/**
 * `query.a || query.b || ...` as the expression language evaluates it: the first value that is
 * not empty, else the last key's (a missing key is undefined; the query has no prototype).
 */
function firstOf(query: PageQuery, keys: string[]): string | undefined {
  let value: string | undefined;
  for (const key of keys) {
    value = Object.hasOwn(query, key) ? query[key] : undefined;
    if (value) return value;
  }
  return value;
}

/** The parameters as an object; a name that could reach a prototype is dropped, as the app's resolver drops it. */
function resolveParams(list: PlannedParam[], query: PageQuery): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, from] of list) {
    if (isForbiddenKey(name)) continue;
    out[name] = 'query' in from ? firstOf(query, from.query) : from.value;
  }
  return out;
}

/** The plan's requests with their parameters read from `search` (the page's query); none for a plan that is not one. */
export function plannedRequests(plan: unknown, search: string): ResolvedRequest[] {
  if (!isObject(plan) || !Array.isArray(plan.requests)) return [];
  // The one reading of the query (prelude/query.ts), as the page's bindings read it.
  const query = readPageQuery(search);
  return plan.requests.filter(isPlannedRequest).map((r) => ({
    endpoint: r.endpoint,
    spec: r.spec,
    params: resolveParams(r.params, query),
    ...(r.query ? { query: resolveParams(r.query, query) as Record<string, QueryValue> } : {}),
  }));
}
