/**
 * The API client (spec section 7, contract section 3): one entry point, `call(name, params)`,
 * that picks the JSON, form or multipart client and the method from the endpoint catalogue,
 * adds the session query and the custom headers, enforces the timeout and resolves to an
 * `ApiResult` (never throws for expected failures).
 */

import { findEndpoint, substituteProvider, type Catalogue, type EndpointSpec } from './catalogue';
import { loadResponseValidator, normaliseResponse, type ResponseValidatorLoader, type ResponseValidatorModule } from './normalise';
import { interpretResponse, transportFailure, type ApiResult } from './result';
import { commonQueryString, type Session } from './session';
import { createWireTranslator, IDENTITY_WIRE_NAMES, type WireNames, type WireTranslator } from './wireNames';

/** The part of a fetch Response we read; the real one fits, and test fakes stay small. */
export interface FetchResponseLike {
  status: number;
  text(): Promise<string>;
}
export type FetchLike = (url: string, init: RequestInit) => Promise<FetchResponseLike>;

export interface HttpConfig {
  apiPrefix: string;
  provider: string;
  httpTimeoutMs: number;
}

export type QueryValue = string | number | boolean | null | undefined;
export type RequestParams = Readonly<Record<string, unknown>>;

export interface CallOptions {
  /** Abort when the page that asked goes away, so a late answer changes nothing (SECURITY 17). */
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`; reuse the same key when retrying the same money movement (SECURITY 15). */
  idempotencyKey?: string;
  /** Extra query parameters (the `?orderId=` variants), after the session parameters. */
  query?: Readonly<Record<string, QueryValue>>;
}

export interface ApiClientOptions {
  fetch?: FetchLike;
  catalogue: Catalogue;
  wireNames?: WireNames;
  config: HttpConfig;
  /** Read on every call, so a session that changes (developer preview page) is picked up. */
  getSession: () => Session;
  /** Overrides `config.httpTimeoutMs` (tests). */
  timeoutMs?: number;
  /** Response validators by schema name; default: the generated ones (src/schema/generated/validators/responses). */
  responseValidators?: ResponseValidatorLoader;
}

export interface ApiClient {
  /** Data is `unknown`: layouts name endpoints at run time; it has passed the endpoint's response schema (normalise.ts). */
  call(endpoint: string, params?: RequestParams, options?: CallOptions): Promise<ApiResult<unknown>>;
  /** Full URL for an endpoint used as a resource (the `image` captcha), or null if unknown. */
  urlFor(endpoint: string, params?: Readonly<Record<string, QueryValue>>): string | null;
}

function queryText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
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

/** Rejects as soon as `signal` aborts, even if the promise it races ignores the signal. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface BuiltRequest {
  url: string;
  init: RequestInit;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const wire: WireTranslator = createWireTranslator(options.wireNames ?? IDENTITY_WIRE_NAMES);
  const { config, catalogue } = options;
  const timeoutMs = options.timeoutMs ?? config.httpTimeoutMs;
  const loadValidator = options.responseValidators ?? loadResponseValidator;

  /**
   * Starts loading the endpoint's response validator (its own chunk) so it arrives while the
   * request is in flight. null: the chunk failed to load; undefined: the endpoint names no schema.
   */
  function startValidatorLoad(spec: EndpointSpec): Promise<ResponseValidatorModule | null> | undefined {
    if (spec.response === undefined) return undefined;
    const loading = loadValidator(spec.response);
    // A schema named in the catalogue but never generated must not let data through unchecked.
    if (loading === undefined) return Promise.resolve(null);
    return loading.then((m) => m, () => null);
  }

  /** The boundary: data that cannot be made to fit its schema never reaches a binding. */
  async function checked(result: ApiResult<unknown>, validator: Promise<ResponseValidatorModule | null> | undefined, spec: EndpointSpec, signal: AbortSignal): Promise<ApiResult<unknown>> {
    if (!result.ok || validator === undefined) return result;
    const module = await raceAbort(validator, signal);
    // The chunk did not load (offline, a new deploy): as retryable as a failed request.
    if (module === null) return { ...transportFailure('network'), detail: `response validator ${spec.response ?? ''} did not load` };
    const normalised = normaliseResponse(module.validate, result.data, spec.response);
    if (normalised.ok) return { ...result, data: normalised.data };
    return { ...transportFailure('bad-response'), detail: `${spec.response ?? ''}: ${normalised.detail}` };
  }

  function buildUrl(spec: EndpointSpec, session: Session, extra: Array<[string, unknown]>): string {
    const logical = substituteProvider(spec.path, config.provider);
    const path = substituteProvider(wire.path(logical, spec.path), config.provider);
    const q = new URLSearchParams();
    for (const [k, v] of new URLSearchParams(commonQueryString(session))) q.append(wire.fieldToWire(k), v);
    // A GET payload field that is also a session parameter (orderId, productId) replaces it:
    // appending would send it twice, which the server reads as a list and refuses.
    for (const [k, v] of extra) {
      const text = queryText(v);
      if (text !== null) q.set(wire.fieldToWire(k), text);
    }
    const qs = q.toString();
    return `${config.apiPrefix}${path}${qs === '' ? '' : `?${qs}`}`;
  }

  function build(spec: EndpointSpec, params: RequestParams, opts: CallOptions, session: Session): BuiltRequest {
    const isGet = spec.method === 'GET';
    const extra: Array<[string, unknown]> = [...(isGet ? Object.entries(params) : []), ...Object.entries(opts.query ?? {})];
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    // The form client (older obfuscated family) authenticates with swift/eyes; the others with building/gather.
    if (spec.client === 'form') {
      headers.swift = headerValue(session.headers.swift);
      headers.eyes = headerValue(session.headers.eyes);
    } else {
      headers.building = headerValue(session.headers.building);
      headers.gather = headerValue(session.headers.gather);
    }
    if (opts.idempotencyKey !== undefined) headers['Idempotency-Key'] = headerValue(opts.idempotencyKey);

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
    const init: RequestInit = { method: spec.method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = body;
    return { url: buildUrl(spec, session, extra), init };
  }

  async function call(endpoint: string, params: RequestParams = {}, opts: CallOptions = {}): Promise<ApiResult<unknown>> {
    const spec = findEndpoint(catalogue, endpoint);
    if (!spec || spec.client === 'image') return transportFailure('unknown-endpoint');
    const external = opts.signal;
    if (external?.aborted) return transportFailure('aborted');

    const { url, init } = build(spec, params, opts, options.getSession());
    const validator = startValidatorLoad(spec);
    const controller = new AbortController();
    let timedOut = false;
    const onExternalAbort = (): void => controller.abort(external?.reason);
    external?.addEventListener('abort', onExternalAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, timeoutMs);

    try {
      // The timer covers the body as well as the headers: a server that stalls mid-body is a timeout too.
      const { status, text } = await raceAbort(
        fetchFn(url, { ...init, signal: controller.signal }).then(async (res) => ({ status: res.status, text: await res.text() })),
        controller.signal,
      );
      if (external?.aborted) return transportFailure('aborted');
      const result = await checked(interpretResponse(status, text, spec.success, wire.fromWire), validator, spec, controller.signal);
      if (external?.aborted) return transportFailure('aborted');
      return result;
    } catch {
      if (timedOut) return transportFailure('timeout');
      if (external?.aborted) return transportFailure('aborted');
      return transportFailure('network');
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    }
  }

  function urlFor(endpoint: string, params: Readonly<Record<string, QueryValue>> = {}): string | null {
    const spec = findEndpoint(catalogue, endpoint);
    if (!spec || spec.method !== 'GET') return null;
    return buildUrl(spec, options.getSession(), Object.entries(params));
  }

  return { call, urlFor };
}
