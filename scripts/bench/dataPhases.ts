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
  const found = requestsAfterData(events, start, payNowMs);
  return found
    ? { 'data answer in': found.answeredMs, 'requests after the data': found.urls.length }
    : { 'data answer in': Number.NaN, 'requests after the data': Number.NaN };
}

/** The same, with the addresses of the requests sent after the data; null without an API answer. */
export function requestsAfterData(
  events: readonly NetEvent[],
  start: number,
  payNowMs: number,
): { answeredMs: number; urls: string[] } | null {
  const end = start + payNowMs * 1000;
  // Requests to a server: the browser's own pages (chrome://) and data: addresses are not.
  const sent = events.filter(
    (e) =>
      e.name === 'ResourceSendRequest' && e.ts >= start && /^https?:/.test(e.args?.data?.url ?? ''),
  );
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
  if (answered === undefined) return null;
  return {
    answeredMs: (answered - start) / 1000,
    urls: sent
      .filter((e) => e.ts > answered && e.ts <= end)
      .map((e) => e.args?.data?.url ?? '(no address)'),
  };
}
