/**
 * What a call resolves to, the one definition the HTTP client (src/app/http) and the runtime
 * (src/runtime/env.ts `CallResult`) share. Types only. Expected failures (server said no, timeout,
 * offline, an HTML error page) are values, not exceptions, so every caller has to decide what
 * the user sees and a forgotten `catch` cannot blank a page (SECURITY 8, 16).
 */

export type TransportFailureKind =
  'timeout' | 'network' | 'aborted' | 'bad-response' | 'unknown-endpoint';

/**
 * `problems`: fields the response boundary left out or found missing, for the report
 * only; the data is usable without them (the nodes bound to them show nothing).
 */
export type ApiSuccess<T> = {
  ok: true;
  data: T;
  code: string;
  message: string;
  problems?: readonly string[];
};
/**
 * The envelope's code was not the endpoint's success code, or a 4xx/5xx came with an envelope.
 * `message` is never empty (a generic text stands in); `serverMessage` is the envelope's own
 * message, '' when it sent none, so a screen can choose its own fallback wording. The HTTP client
 * always sets it; a runtime test fake may leave it out (then `callError` uses `message`).
 */
export type ApiServerFailure = {
  ok: false;
  kind: 'server';
  code: string;
  message: string;
  serverMessage?: string;
  data?: unknown;
  status: number;
  /** The server's id for the request (X-Request-Id, or the envelope's `requestId`): support finds its log line by it. */
  requestId?: string;
};
/**
 * The call never produced an envelope. `bad-response`: a body that is not a JSON envelope (an HTML
 * error page with 200 or 502, an empty body) or data its response schema refuses.
 * `unknown-endpoint`: the name is not in the catalogue (or is an image endpoint), a layout
 * mistake that must not throw at run time.
 */
export type ApiTransportFailure = {
  ok: false;
  kind: TransportFailureKind;
  message: string;
  status?: number;
  /** For the report, not the borrower: why a `bad-response` was refused (e.g. "data.needValid must be integer"). */
  detail?: string;
  /** The answering server's X-Request-Id when there was an answer (an HTML error page from a proxy may carry one). */
  requestId?: string;
};

export type ApiFailure = ApiServerFailure | ApiTransportFailure;
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
