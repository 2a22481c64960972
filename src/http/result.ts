/**
 * What a call resolves to. Expected failures (server said no, timeout, offline, an HTML error
 * page) are values, not exceptions, so every caller has to decide what the user sees and a
 * forgotten `catch` cannot blank a page (SECURITY 8, 16).
 */

import type { SuccessCode } from './catalogue';

export type TransportFailureKind = 'timeout' | 'network' | 'aborted' | 'bad-response' | 'unknown-endpoint';

export type ApiSuccess<T> = { ok: true; data: T; code: string; message: string };
/**
 * The envelope's code was not the endpoint's success code, or a 4xx/5xx came with an envelope.
 * `message` is never empty (a generic text stands in); `serverMessage` is the envelope's own
 * message, '' when it sent none, so a screen can choose its own fallback wording.
 */
export type ApiServerFailure = { ok: false; kind: 'server'; code: string; message: string; serverMessage: string; data?: unknown; status: number };
/**
 * The call never produced an envelope. `bad-response`: a body that is not a JSON envelope (an HTML
 * error page with 200 or 502, an empty body). `unknown-endpoint`: the name is not in the
 * catalogue (or is an image endpoint), a layout mistake that must not throw at run time.
 */
export type ApiTransportFailure = {
  ok: false;
  kind: TransportFailureKind;
  message: string;
  status?: number;
  /** For the report, not the borrower: why a `bad-response` was refused (e.g. "data.needValid must be integer"). */
  detail?: string;
};

export type ApiFailure = ApiServerFailure | ApiTransportFailure;
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** User-facing wording for failures that have no server message. */
export const MESSAGES = {
  timeout: 'The request timed out. Please try again.',
  network: 'Network error. Check your connection and try again.',
  'bad-response': 'The server sent an unexpected response. Please try again.',
  aborted: 'The request was cancelled.',
  'unknown-endpoint': 'This action is not available right now.',
  server: 'Something went wrong. Please try again.',
} as const satisfies Record<TransportFailureKind | 'server', string>;

export function transportFailure(kind: TransportFailureKind, status?: number): ApiTransportFailure {
  return status === undefined ? { ok: false, kind, message: MESSAGES[kind] } : { ok: false, kind, message: MESSAGES[kind], status };
}

export interface Envelope {
  code: string | number;
  message?: unknown;
  data?: unknown;
}

/** A JSON body is an envelope when it is an object with a string or numeric `code`. */
export function asEnvelope(body: unknown): Envelope | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const code: unknown = (body as Record<string, unknown>).code;
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  return body as Envelope;
}

export function isSuccessCode(code: string | number, success: SuccessCode): boolean {
  // The v3 family sends 0 as a number or a string; the older family sends exactly "00".
  return success === '0' ? code === 0 || code === '0' : code === '00';
}

/**
 * Turn status + raw body text into a result. `mapData` renames wire field names back to logical
 * ones. The data is typed by the caller (the response schemas); it is not validated here.
 */
export function interpretResponse<T>(
  status: number,
  bodyText: string,
  success: SuccessCode,
  mapData: (data: unknown) => unknown,
): ApiResult<T> {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return transportFailure('bad-response', status);
  }
  const env = asEnvelope(body);
  if (!env) return transportFailure('bad-response', status);
  const code = String(env.code);
  const serverMessage = typeof env.message === 'string' ? env.message : '';
  const data = mapData(env.data);
  const httpOk = status >= 200 && status < 300;
  if (httpOk && isSuccessCode(env.code, success)) {
    return { ok: true, data: data as T, code, message: serverMessage };
  }
  const failure: ApiServerFailure = {
    ok: false,
    kind: 'server',
    code,
    message: serverMessage.trim() !== '' ? serverMessage : MESSAGES.server,
    serverMessage: serverMessage.trim(),
    status,
  };
  if (env.data !== undefined) failure.data = data;
  return failure;
}
