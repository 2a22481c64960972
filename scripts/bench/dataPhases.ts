import type { TraceEvent } from './tracePhases';

/** The API's requests (config/app.json's apiPrefix, and the legacy prefix). */
const API = /\/(vexed|api\/lx\/v1)\//;

type NetEvent = TraceEvent & { args?: { data?: { url?: string; requestId?: string } } };

/**
 * From a load's trace: when the last API answer before Pay Now had arrived (its ResourceFinish, ms
 * from `start`), and how many requests of any kind the page sent after it and before Pay Now:
 * nothing should be fetched between the data and Pay Now.
 */
export function dataPhasesOf(
  events: readonly NetEvent[],
  start: number,
  payNowMs: number,
): { 'data answer in': number; 'requests after the data': number } {
  const end = start + payNowMs * 1000;
  const sent = events.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= start);
  const apiIds = new Set(
    sent.filter((e) => API.test(e.args?.data?.url ?? '')).map((e) => e.args?.data?.requestId),
  );
  const answered = events
    .filter(
      (e) =>
        e.name === 'ResourceFinish' &&
        e.ts >= start &&
        e.ts <= end &&
        apiIds.has(e.args?.data?.requestId),
    )
    .map((e) => e.ts)
    .sort((a, b) => b - a)[0];
  if (answered === undefined)
    return { 'data answer in': Number.NaN, 'requests after the data': Number.NaN };
  return {
    'data answer in': (answered - start) / 1000,
    'requests after the data': sent.filter((e) => e.ts > answered && e.ts <= end).length,
  };
}
