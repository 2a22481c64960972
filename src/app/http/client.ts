/**
 * The API client (spec section 7, contract section 3): one entry point, `call(name, params)`,
 * that picks the JSON, form or multipart client and the method from the endpoint catalogue,
 * adds the session query and the custom headers, enforces the timeout and resolves to an
 * `ApiResult` (never throws for expected failures).
 */

import {
  createRequestBuilder,
  type HttpConfig,
  type QueryValue,
  type RequestParams,
} from './buildRequest';
import { findEndpoint, type Catalogue, type EndpointSpec } from '@kopa/contract';
import type { EarlyRequests } from './earlyRequests';
import {
  loadResponseValidator,
  normaliseResponse,
  type ResponseValidatorLoader,
  type ResponseValidatorModule,
} from './normalise';
import { interpretResponse, transportFailure, withRequestId, type ApiResult } from './result';
import type { Session } from './borrowerSession';
import {
  createWireTranslator,
  IDENTITY_WIRE_NAMES,
  type WireNames,
  type WireTranslator,
} from './wireNames';
import { simulatedFetch } from './simulatedAnswer';
import type { SimulatedAnswer } from '@kopa/contract';

/** The part of a fetch Response we read; the real one fits, and test fakes stay small. */
export interface FetchResponseLike {
  status: number;
  text(): Promise<string>;
  /** The answer's headers (X-Request-Id is read on a failure); test fakes may leave them out. */
  headers?: { get(name: string): string | null };
}
export type FetchLike = (url: string, init: RequestInit) => Promise<FetchResponseLike>;

export type { HttpConfig, QueryValue, RequestParams } from './buildRequest';

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
  /** Response validators by schema name; default: the generated ones (src/contract/schema/generated/validators/responses). */
  responseValidators?: ResponseValidatorLoader;
  /** Requests the page sent before the app ran (src/app/shell/early.ts): an identical call takes its answer. */
  early?: EarlyRequests;
  /**
   * endpoint -> response data answered without a request: a studio preview's data scenario
   * (src/app/shell/previewMode.ts). Checked by the endpoint's response schema like any answer.
   */
  fixtures?: Readonly<Record<string, unknown>>;
  /**
   * endpoint -> how it answers instead of the server: a studio preview's failure scenario (an
   * envelope error, 401, 500, a time-out, a slow answer: simulatedAnswer.ts).
   */
  answers?: Readonly<Record<string, SimulatedAnswer>>;
}

export interface ApiClient {
  /** Data is `unknown`: layouts name endpoints at run time; it has passed the endpoint's response schema (normalise.ts). */
  call(
    endpoint: string,
    params?: RequestParams,
    options?: CallOptions,
  ): Promise<ApiResult<unknown>>;
  /** Full URL for an endpoint used as a resource (the `image` captcha), or null if unknown. */
  urlFor(endpoint: string, params?: Readonly<Record<string, QueryValue>>): string | null;
}

/** Rejects as soon as `signal` aborts, even if the promise it races ignores the signal. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void =>
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const wire: WireTranslator = createWireTranslator(options.wireNames ?? IDENTITY_WIRE_NAMES);
  const { config, catalogue } = options;
  const timeoutMs = options.timeoutMs ?? config.httpTimeoutMs;
  const loadValidator = options.responseValidators ?? loadResponseValidator;
  const { build, buildUrl } = createRequestBuilder(config, wire);

  /**
   * Starts loading the endpoint's response validator (its own chunk) so it arrives while the
   * request is in flight. null: the chunk failed to load; undefined: the endpoint names no schema.
   */
  function startValidatorLoad(
    spec: EndpointSpec,
  ): Promise<ResponseValidatorModule | null> | undefined {
    if (spec.response === undefined) return undefined;
    const loading = loadValidator(spec.response);
    // A schema named in the catalogue but never generated must not let data through unchecked.
    if (loading === undefined) return Promise.resolve(null);
    return loading.then(
      (m) => m,
      () => null,
    );
  }

  /** The boundary: data that cannot be made to fit its schema never reaches a binding. */
  async function checked(
    result: ApiResult<unknown>,
    validator: Promise<ResponseValidatorModule | null> | undefined,
    spec: EndpointSpec,
    signal: AbortSignal,
  ): Promise<ApiResult<unknown>> {
    if (!result.ok || validator === undefined) return result;
    const module = await raceAbort(validator, signal);
    // The chunk did not load (offline, a new deploy): as retryable as a failed request.
    if (module === null)
      return {
        ...transportFailure('network'),
        detail: `response validator ${spec.response ?? ''} did not load`,
      };
    const normalised = normaliseResponse(module, result.data, spec.response);
    if (normalised.ok) {
      const problems = normalised.problems.map((p) => `${spec.response ?? ''}: ${p}`);
      return problems.length > 0
        ? { ...result, data: normalised.data, problems }
        : { ...result, data: normalised.data };
    }
    return {
      ...transportFailure('bad-response'),
      detail: `${spec.response ?? ''}: ${normalised.detail}`,
    };
  }

  async function call(
    endpoint: string,
    params: RequestParams = {},
    opts: CallOptions = {},
  ): Promise<ApiResult<unknown>> {
    const spec = findEndpoint(catalogue, endpoint);
    if (!spec || spec.client === 'image') return transportFailure('unknown-endpoint');
    const external = opts.signal;
    if (external?.aborted) return transportFailure('aborted');

    const { url, init } = build(spec, params, opts, options.getSession());
    const validator = startValidatorLoad(spec);
    const controller = new AbortController();
    const fixture =
      options.fixtures && Object.hasOwn(options.fixtures, endpoint)
        ? options.fixtures[endpoint]
        : undefined;
    if (fixture !== undefined)
      return checked(
        {
          ok: true,
          data: structuredClone(fixture),
          code: String(spec.success),
          message: 'success',
        },
        validator,
        spec,
        controller.signal,
      );
    const answer =
      options.answers && Object.hasOwn(options.answers, endpoint)
        ? options.answers[endpoint]
        : undefined;
    const send = answer ? simulatedFetch(answer, fetchFn) : fetchFn;
    let timedOut = false;
    const onExternalAbort = (): void => controller.abort(external?.reason);
    external?.addEventListener('abort', onExternalAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, answer?.timeoutMs ?? timeoutMs);

    try {
      // The timer covers the body as well as the headers: a server that stalls mid-body is a timeout too.
      const { status, text, requestId } = await raceAbort(
        (
          (answer ? undefined : options.early?.take({ url, init })) ??
          send(url, { ...init, signal: controller.signal })
        ).then(async (res) => ({
          status: res.status,
          text: await res.text(),
          requestId: res.headers?.get('x-request-id'),
        })),
        controller.signal,
      );
      if (external?.aborted) return transportFailure('aborted');
      const result = await checked(
        withRequestId(interpretResponse(status, text, spec.success, wire.fromWire), requestId),
        validator,
        spec,
        controller.signal,
      );
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

  function urlFor(
    endpoint: string,
    params: Readonly<Record<string, QueryValue>> = {},
  ): string | null {
    const spec = findEndpoint(catalogue, endpoint);
    if (!spec || spec.method !== 'GET') return null;
    return buildUrl(spec, options.getSession(), Object.entries(params));
  }

  return { call, urlFor };
}
