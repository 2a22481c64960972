/**
 * One policy for a call that failed, whether a page's data source or an http action made it
 *: the error the layout sees carries the endpoint's own wording where it has one, and
 * the borrower is told a server's words only when they are meant for people (never a raw
 * "Internal Server Error"), else the app's own message. A 401 is handled before either
 * (runtime/session.ts handleSessionExpired), and a response that breaks its schema is reported
 * (responseProblems.ts), in both places alike.
 */
import { msg } from '@kopa/format';
import { callError, type CallResult } from '../env';
import { messageForPeople } from '../sessionExpiry';
import { withEndpointMessage } from './errorMessages';

type Failure = Exclude<CallResult, { ok: true }>;

/** The error a layout reads (`error.message`, `error.code`) after `endpoint` failed. */
export function failedCallError(
  endpoint: string,
  result: Failure,
): ReturnType<typeof withEndpointMessage> {
  return withEndpointMessage(endpoint, callError(result));
}

/** The toast a borrower sees for a failed call nothing else handles. */
export function failedCallToast(result: Failure, error: { message: string }): string {
  if (result.kind === 'server') return messageForPeople(error.message) ?? msg('http.server');
  return error.message || msg('common.error');
}
