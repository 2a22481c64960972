/**
 * Requests sent before the app's code has arrived: on a slow network the first
 * screen's data used to leave only once the 100 KB entry was in and running, a whole round trip
 * after it could have. The page's small early script (src/app/shell/early.ts) sends them; the API
 * client then takes the answer of a request it builds identically instead of sending it again.
 *
 * Taken at most once, and only while the first screen starts: a later screen must never be
 * answered with data fetched before it was opened.
 */
import type { BuiltRequest } from './buildRequest';

export interface EarlyResponse {
  status: number;
  text(): Promise<string>;
  headers?: { get(name: string): string | null };
}

export interface EarlyRequests {
  /** Sends `request` now, to be taken later. Only string bodies: a file upload is never early. */
  send(
    request: BuiltRequest,
    fetchFn: (url: string, init: RequestInit) => Promise<EarlyResponse>,
  ): void;
  /** The answer of an early request identical to `request` (method, URL, headers, body), once. */
  take(request: BuiltRequest): Promise<EarlyResponse> | undefined;
  /** Nothing more is sent or taken (the first screen has started its own requests). */
  close(): void;
}

/** Everything the server sees of a request, in one string; null when the body is not text. */
function requestKey({ url, init }: BuiltRequest): string | null {
  if (init.body !== undefined && typeof init.body !== 'string') return null;
  const headers = Object.entries(init.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([init.method, url, headers, init.body ?? null, init.credentials ?? null]);
}

export function createEarlyRequests(): EarlyRequests {
  const pending = new Map<string, Promise<EarlyResponse>>();
  let closed = false;
  return {
    send(request, fetchFn) {
      const key = requestKey(request);
      if (closed || key === null || pending.has(key)) return;
      const answer = fetchFn(request.url, request.init);
      // Nobody may take it (the app built a different request): an early failure is not an error.
      answer.catch(() => undefined);
      pending.set(key, answer);
    },
    take(request) {
      if (closed) return undefined;
      const key = requestKey(request);
      const answer = key === null ? undefined : pending.get(key);
      if (key !== null) pending.delete(key);
      return answer;
    },
    close() {
      closed = true;
      pending.clear();
    },
  };
}

/**
 * Where the early script leaves its set for the app. The two are built separately (the early
 * script carries its own copy of the request code, so the entry shares no chunk with it and waits
 * for none: scripts/build/earlyScript.ts), so a module-level singleton would be two sets.
 */
const PAGE_KEY = Symbol.for('kopa.earlyRequests');

/**
 * The page's one set: the early script fills it, the app's API client takes from it. Whichever
 * asks first creates it; the early script runs first (a classic script in the head, before the
 * entry's module script), and
 * a page without early requests gets an empty set the app asks in vain.
 */
export function pageEarlyRequests(page: object = globalThis): EarlyRequests {
  const holder = page as Record<symbol, EarlyRequests | undefined>;
  return (holder[PAGE_KEY] ??= createEarlyRequests());
}
