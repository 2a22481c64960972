/**
 * How one API call becomes a URL and a fetch init (contract section 3): the session query, the
 * custom headers, the body for the JSON, form or multipart client, all in wire names. Pure, and
 * apart from the client so the page's early requests (src/app/shell/early.ts) build exactly the same
 * request before the app's code has arrived.
 */
import { substituteProvider, type EndpointSpec } from '@kopa/contract';
import { commonQueryString, type Session } from './borrowerSession';
import type { WireTranslator } from './wireNames';

export interface HttpConfig {
  apiPrefix: string;
  provider: string;
  httpTimeoutMs: number;
}

export type QueryValue = string | number | boolean | null | undefined;
export type RequestParams = Readonly<Record<string, unknown>>;

export interface BuildOptions {
  /** Sent as `Idempotency-Key`. */
  idempotencyKey?: string;
  /** Extra query parameters (the `?orderId=` variants), after the session parameters. */
  query?: Readonly<Record<string, QueryValue>>;
}

export interface BuiltRequest {
  url: string;
  init: RequestInit & { method: string; headers: Record<string, string> };
}

/** The parts of an endpoint's catalogue entry a request is built from. */
export type RequestSpec = Pick<EndpointSpec, 'path' | 'method' | 'client'>;

function queryText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  // Nested values in a query or form body have no agreed encoding; JSON keeps them readable.
  return JSON.stringify(value);
}

/** Header values come from the page query; bytes outside printable ASCII would make fetch throw. */
function headerValue(v: string): string {
  return v.replace(/[^\x20-\x7e]/g, '');
}

function isBlob(v: unknown): v is Blob {
  return typeof Blob !== 'undefined' && v instanceof Blob;
}

export interface RequestBuilder {
  build(
    spec: RequestSpec,
    params: RequestParams,
    opts: BuildOptions,
    session: Session,
  ): BuiltRequest;
  buildUrl(spec: RequestSpec, session: Session, extra: Array<[string, unknown]>): string;
}

export function createRequestBuilder(
  config: Pick<HttpConfig, 'apiPrefix' | 'provider'>,
  wire: WireTranslator,
): RequestBuilder {
  function buildUrl(spec: RequestSpec, session: Session, extra: Array<[string, unknown]>): string {
    const logical = substituteProvider(spec.path, config.provider);
    const path = substituteProvider(wire.path(logical, spec.path), config.provider);
    const q = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(commonQueryString(session)))
      q.append(wire.fieldToWire(k), v);
    if (session.lang) q.append('lang', session.lang);
    // A GET payload field that is also a session parameter (orderId, productId) replaces it:
    // appending would send it twice, which the server reads as a list and refuses.
    for (const [k, v] of extra) {
      const text = queryText(v);
      if (text !== null) q.set(wire.fieldToWire(k), text);
    }
    const qs = q.toString();
    return `${config.apiPrefix}${path}${qs === '' ? '' : `?${qs}`}`;
  }

  function build(
    spec: RequestSpec,
    params: RequestParams,
    opts: BuildOptions,
    session: Session,
  ): BuiltRequest {
    const isGet = spec.method === 'GET';
    const extra: Array<[string, unknown]> = [
      ...(isGet ? Object.entries(params) : []),
      ...Object.entries(opts.query ?? {}),
    ];
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    // The form client (older obfuscated family) authenticates with swift/eyes; the others with building/gather.
    if (spec.client === 'form') {
      headers.swift = headerValue(session.headers.swift);
      headers.eyes = headerValue(session.headers.eyes);
    } else {
      headers.building = headerValue(session.headers.building);
      headers.gather = headerValue(session.headers.gather);
    }
    if (opts.idempotencyKey !== undefined)
      headers['Idempotency-Key'] = headerValue(opts.idempotencyKey);

    let body: BodyInit | undefined;
    if (!isGet && spec.client === 'json') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(wire.toWire(params));
    } else if (!isGet && spec.client === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) {
        const text = queryText(v);
        if (text !== null) form.append(wire.fieldToWire(k), text);
      }
      body = form.toString();
    } else if (!isGet && spec.client === 'multipart') {
      // No Content-Type by hand: the browser must add the boundary itself.
      const form = new FormData();
      for (const [k, v] of Object.entries(params)) {
        const name = wire.fieldToWire(k);
        for (const item of Array.isArray(v) ? v : [v]) {
          if (isBlob(item)) form.append(name, item);
          else {
            const text = queryText(item);
            if (text !== null) form.append(name, text);
          }
        }
      }
      body = form;
    }
    const init: BuiltRequest['init'] = { method: spec.method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = body;
    return { url: buildUrl(spec, session, extra), init };
  }

  return { build, buildUrl };
}
