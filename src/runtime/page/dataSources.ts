import type { DataSource, LayoutDocument } from '@kopa/contract';
import { runActions } from '../actions/run';
import type { PageRuntime } from '../pageRuntime';
import { failedCallError, failedCallToast } from '../actions/failedCall';
import { reportResponseProblems, withRequirements } from '../actions/responseProblems';
import { handleSessionExpired, isSessionExpired } from '../sessionExpiry';
import { buildScope } from '../scope';
import { isTruthy, resolveValue, type ResolveProblem } from '../resolve';

function resolveParams(
  runtime: PageRuntime,
  value: unknown,
  pointer: string,
): Record<string, unknown> {
  const problems: ResolveProblem[] = [];
  const resolved = resolveValue(
    value ?? {},
    buildScope(runtime.store.getSnapshot(), runtime.env, {}),
    pointer,
    problems,
  );
  for (const p of problems)
    runtime.env.report({ pointer: p.pointer, message: p.message, kind: 'binding' });
  return resolved !== null && typeof resolved === 'object'
    ? (resolved as Record<string, unknown>)
    : {};
}

/** The source's `fallback` resolved, when it is an object (data to show instead of the failed call's). */
function fallbackData(
  runtime: PageRuntime,
  name: string,
  source: DataSource,
): Record<string, unknown> | undefined {
  if (source.fallback === undefined) return undefined;
  const value = resolveParams(
    runtime,
    { fallback: source.fallback },
    `/dataSources/${name}`,
  ).fallback;
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Loads one data source into data.<name>; the outcome is kept in sources.<name>. */
export async function loadSource(
  runtime: PageRuntime,
  name: string,
  source: DataSource,
): Promise<boolean> {
  const { env, store, signal } = runtime;
  const pointer = `/dataSources/${name}`;
  store.update((d) => {
    d.sources[name] = { status: 'loading' };
  });
  const params = resolveParams(runtime, source.params, `${pointer}/params`);
  const query = source.query ? resolveParams(runtime, source.query, `${pointer}/query`) : undefined;
  const answer = await env.call(source.endpoint, params, { signal, query });
  if (signal.aborted) return false;
  reportResponseProblems(env, pointer, source.endpoint, answer);
  // A field the layout marks as one the screen cannot live without: the answer is not usable.
  const result = withRequirements(env, pointer, source.endpoint, answer, source.requires);
  if (!result.ok) {
    const error = failedCallError(source.endpoint, result);
    // Data kept on the device stands in for a failed call (never for an ended session).
    const kept = isSessionExpired(result) ? undefined : fallbackData(runtime, name, source);
    if (kept) return ready(runtime, name, source, kept);
    store.update((d) => {
      d.sources[name] = { status: 'error', error };
    });
    // A 401 turns the whole page into its session-expired state: no toast, no Retry loop.
    if (handleSessionExpired(runtime, result)) return false;
    if (source.toastOnError !== false) env.toast(failedCallToast(result, error), { kind: 'info' });
    return false;
  }
  return ready(runtime, name, source, result.data);
}

async function ready(
  runtime: PageRuntime,
  name: string,
  source: DataSource,
  data: unknown,
): Promise<true> {
  const { env, store } = runtime;
  store.update((d) => {
    d.data[name] = data as never;
    d.sources[name] = { status: 'ready' };
  });
  if (source.onSuccess) {
    const read = () => buildScope(store.getSnapshot(), env, { response: data });
    await runActions(source.onSuccess, runtime, read, `/dataSources/${name}/onSuccess`);
  }
  return true;
}

export function shouldLoadOnMount(runtime: PageRuntime, name: string, source: DataSource): boolean {
  if (source.load === 'manual') return false;
  if (source.when === undefined) return true;
  return isTruthy(resolveParams(runtime, { when: source.when }, `/dataSources/${name}`).when);
}

export function sourcesOf(layout: LayoutDocument): [string, DataSource][] {
  return Object.entries(layout.dataSources ?? {}).filter(
    (e): e is [string, DataSource] => e[1] !== undefined,
  );
}
