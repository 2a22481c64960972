/**
 * What a call resolves to. Expected failures (server said no, timeout, offline, an HTML error
 * page) are values, not exceptions, so every caller has to decide what the user sees and a
 * forgotten `catch` cannot blank a page (SECURITY 8, 16).
 */

import type { SuccessCode } from '@kopa/contract';
import { messageTable } from '@kopa/format';

// The result types live in the shared contract (client and runtime use one definition).
import type {
  ApiResult,
  ApiServerFailure,
  ApiTransportFailure,
  TransportFailureKind,
} from '@kopa/contract';
export type { ApiResult, ApiTransportFailure, TransportFailureKind } from '@kopa/contract';

/** User-facing wording for failures that have no server message, in the borrower's language (messages/*.json). */
export const MESSAGES: Readonly<Record<TransportFailureKind | 'server', string>> = messageTable({
  timeout: 'http.timeout',
  network: 'http.network',
  'bad-response': 'http.badResponse',
  aborted: 'http.aborted',
  'unknown-endpoint': 'http.unknownEndpoint',
  server: 'http.server',
});

export function transportFailure(kind: TransportFailureKind, status?: number): ApiTransportFailure {
  return status === undefined
    ? { ok: false, kind, message: MESSAGES[kind] }
    : { ok: false, kind, message: MESSAGES[kind], status };
}

export interface Envelope {
  code: string | number;
  message?: unknown;
  data?: unknown;
  /** The server's id for a failed request (server/http/requestLog.ts). */
  requestId?: unknown;
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
 * ones. The data stays `unknown` here: the client's boundary (normalise.ts) checks it against
 * the endpoint's response schema before anyone reads it.
 */
export function interpretResponse(
  status: number,
  bodyText: string,
  success: SuccessCode,
  mapData: (data: unknown) => unknown,
): ApiResult<unknown> {
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
    return { ok: true, data, code, message: serverMessage };
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
  const requestId = typeof env.requestId === 'string' ? env.requestId : undefined;
  if (requestId) failure.requestId = requestId;
  return failure;
}

/** The request id a failed answer names (its X-Request-Id header first), kept on the failure. */
export function withRequestId(result: ApiResult<unknown>, header: string | null | undefined) {
  if (result.ok || !header || !/^[A-Za-z0-9._:-]{1,64}$/.test(header)) return result;
  return { ...result, requestId: header };
}
