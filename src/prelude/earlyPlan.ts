/**
 * The page's early-request plan (the `kopa-early` block, written by server/prelude/earlyPlan.ts): the
 * first screen's data requests with their parameters already resolved from the page's query, and
 * the query values they were resolved from. The early script sends them only while the page's
 * query still gives those values; a page answered from the service worker's cache for another
 * query sends nothing early.
 */
import { readPageQuery } from './query';

/** A query value a request may carry (http/buildRequest.ts takes these). */
export type QueryValue = string | number | boolean | null | undefined;

/** Where and how a planned request is sent (the catalogue entry's path, method and client). */
export interface RequestSpec {
  path: string;
  method: 'GET' | 'POST';
  client: 'json' | 'form' | 'multipart' | 'image';
}

export interface PlannedRequest {
  endpoint: string;
  spec: RequestSpec;
  params: Record<string, unknown>;
  query?: Record<string, QueryValue>;
}

export interface EarlyPlan {
  /** Query key -> the value the parameters were resolved with (null: the key was absent). */
  from: Record<string, string | null>;
  requests: PlannedRequest[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function isPlannedRequest(v: unknown): v is PlannedRequest {
  if (!isObject(v) || typeof v.endpoint !== 'string' || !isObject(v.spec) || !isObject(v.params))
    return false;
  if (v.query !== undefined && !isObject(v.query)) return false;
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

/** The plan's requests when `search` still gives every value they were resolved from; else none. */
export function plannedRequests(plan: unknown, search: string): PlannedRequest[] {
  if (!isObject(plan) || !isObject(plan.from) || !Array.isArray(plan.requests)) return [];
  // The one reading of the query (prelude/query.ts), as the page's bindings and the server's plan.
  const query = readPageQuery(search);
  for (const [key, value] of Object.entries(plan.from)) {
    if ((Object.hasOwn(query, key) ? query[key] : null) !== value) return [];
  }
  return plan.requests.filter(isPlannedRequest);
}
