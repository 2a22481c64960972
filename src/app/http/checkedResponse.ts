/**
 * The boundary between an answer and the bindings: each endpoint's response validator (its own
 * chunk) starts loading with the request, and data that cannot be made to fit its schema never
 * reaches a binding.
 */
import type { EndpointSpec } from '@kopa/contract';
import {
  normaliseResponse,
  type ResponseValidatorLoader,
  type ResponseValidatorModule,
} from './normalise';
import { transportFailure, type ApiResult } from './result';

/** null: the chunk failed to load; undefined: the endpoint names no schema. */
export type LoadingValidator = Promise<ResponseValidatorModule | null> | undefined;

/** Rejects as soon as `signal` aborts, even if the promise it races ignores the signal. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void =>
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Starts loading the endpoint's response validator (its own chunk) so it arrives while the
 * request is in flight.
 */
export function startValidatorLoad(
  loadValidator: ResponseValidatorLoader,
  spec: EndpointSpec,
): LoadingValidator {
  if (spec.response === undefined) return undefined;
  const loading = loadValidator(spec.response);
  // A schema named in the catalogue but never generated must not let data through unchecked.
  if (loading === undefined) return Promise.resolve(null);
  return loading.then(
    (m) => m,
    () => null,
  );
}

/** The result with its data checked (and normalised) by the endpoint's response schema. */
export async function checkedResult(
  result: ApiResult<unknown>,
  validator: LoadingValidator,
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
