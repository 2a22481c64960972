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
import { loadResponseValidator, type ResponseValidatorLoader } from './normalise';
import {
  checkedResult,
  raceAbort,
  startValidatorLoad,
  type LoadingValidator,
} from './checkedResponse';
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

/** `table[key]` when the table has that key of its own (a preview's fixtures or answers). */
function ownValue<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** How one request goes out: what opens it (under the signal), and how long it may take. */
interface Exchange {
  open: (signal: AbortSignal) => Promise<FetchResponseLike>;
  timeoutMs: number;
}

/**
 * Runs the exchange under the timeout and the caller's signal, and checks what comes back:
 * a late answer after the caller aborted changes nothing.
 */
async function fetchChecked(
  exchange: Exchange,
  check: { spec: EndpointSpec; validator: LoadingValidator; fromWire: WireTranslator['fromWire'] },
  external: AbortSignal | undefined,
): Promise<ApiResult<unknown>> {
  const { spec, validator } = check;
  const controller = new AbortController();
  let timedOut = false;
  const onExternalAbort = (): void => controller.abort(external?.reason);
  external?.addEventListener('abort', onExternalAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
  }, exchange.timeoutMs);

  try {
    // The timer covers the body as well as the headers: a server that stalls mid-body is a timeout too.
    const { status, text, requestId } = await raceAbort(
      exchange.open(controller.signal).then(async (res) => ({
        status: res.status,
        text: await res.text(),
        requestId: res.headers?.get('x-request-id'),
      })),
      controller.signal,
    );
    if (external?.aborted) return transportFailure('aborted');
    const result = await checkedResult(
      withRequestId(interpretResponse(status, text, spec.success, check.fromWire), requestId),
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

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const wire: WireTranslator = createWireTranslator(options.wireNames ?? IDENTITY_WIRE_NAMES);
  const { config, catalogue } = options;
  const timeoutMs = options.timeoutMs ?? config.httpTimeoutMs;
  const loadValidator = options.responseValidators ?? loadResponseValidator;
  const { build, buildUrl } = createRequestBuilder(config, wire);

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
    const validator = startValidatorLoad(loadValidator, spec);
    const fixture = ownValue(options.fixtures, endpoint);
    if (fixture !== undefined)
      return checkedResult(
        {
          ok: true,
          data: structuredClone(fixture),
          code: String(spec.success),
          message: 'success',
        },
        validator,
        spec,
        new AbortController().signal,
      );
    const answer = ownValue(options.answers, endpoint);
    const send = answer ? simulatedFetch(answer, fetchFn) : fetchFn;
    const exchange: Exchange = {
      // An identical request the page sent early gives its answer; a simulated answer never waits for one.
      open: (signal) =>
        (answer ? undefined : options.early?.take({ url, init })) ?? send(url, { ...init, signal }),
      timeoutMs: answer?.timeoutMs ?? timeoutMs,
    };
    return fetchChecked(exchange, { spec, validator, fromWire: wire.fromWire }, external);
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
