import { parseStatePath, setAtPathDraft } from '@kopa/expr';
import { reportResponseProblems, withRequirements } from './responseProblems';
import type { CallResult } from '../env';
import { handleSessionExpired } from '../sessionExpiry';
import { failedCallError, failedCallToast } from './failedCall';
import { paramsIn } from './resolveIn';
import { msg } from '@kopa/format';
import type { ActionHandler, ActionOf } from './types';

/**
 * Idempotency keys live per action object and per request body: a retry after a lost response
 * (timeout, network fault) reuses the key, so the server records one repayment; once the
 * server has answered, the next tap is a new request with a new key.
 */
const pendingKeys = new WeakMap<object, { body: string; key: string }>();

function idempotencyKeyFor(action: ActionOf<'http'>, body: string, newKey: () => string): string {
  const last = pendingKeys.get(action);
  if (last && last.body === body) return last.key;
  const key = newKey();
  pendingKeys.set(action, { body, key });
  return key;
}

function answered(result: CallResult): boolean {
  return result.ok || result.kind === 'server';
}

export const httpAction: ActionHandler<'http'> = async (action, ctx) => {
  const { env, signal, store } = ctx.runtime;
  const params = paramsIn(ctx, action.params, 'params');
  const query = action.query ? paramsIn(ctx, action.query, 'query') : undefined;
  const key = action.idempotent
    ? idempotencyKeyFor(action, JSON.stringify(params), () => env.newIdempotencyKey())
    : undefined;
  const closeLoading = action.loadingToast
    ? env.toast(msg('common.loading'), { kind: 'loading' })
    : undefined;
  let result: CallResult;
  try {
    result = await env.call(action.endpoint, params, { signal, idempotencyKey: key, query });
  } finally {
    closeLoading?.();
  }
  if (signal.aborted) return 'stop'; // the user left: a late answer changes nothing
  if (key && answered(result)) pendingKeys.delete(action);

  reportResponseProblems(env, ctx.pointer, action.endpoint, result);
  // A field the layout marks as one this action cannot go on without: onError, as a bad response.
  result = withRequirements(env, ctx.pointer, action.endpoint, result, action.requires);
  if (result.ok) {
    if (action.saveAs) {
      const path = parseStatePath(action.saveAs);
      if (path.ok) store.update((d) => setAtPathDraft(d.state, path.segments, result.data));
      else
        env.report({ pointer: `${ctx.pointer}/saveAs`, message: path.error, kind: 'state-path' });
    }
    return ctx.runNested(action.onSuccess, `${ctx.pointer}/onSuccess`, { response: result.data });
  }
  // The session is gone (HTTP 401): the page shows its way out (log in / close) instead of
  // onError or a toast the borrower could not act on.
  if (handleSessionExpired(ctx.runtime, result)) return 'stop';
  const error = failedCallError(action.endpoint, result);
  if (action.onError) {
    await ctx.runNested(action.onError, `${ctx.pointer}/onError`, {
      error,
      response: 'data' in result ? result.data : undefined,
    });
  } else if (action.toastOnError !== false) {
    env.toast(failedCallToast(result, error), { kind: 'info' });
  }
  return 'stop';
};
