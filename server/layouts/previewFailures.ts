/**
 * Failure scenarios for the studio preview, beside the data scenarios (previewScenarios.ts): every
 * endpoint the layout's data sources call answers as a failing backend would, so an operator sees
 * the borrower's real states before publishing: the error screen with the server's message, the
 * session-expired way out, the error screen of a 500, a time-out, and the loading state of a slow
 * answer. Like the data scenarios, a page gets them only with a valid preview token (appShell.ts);
 * the app answers those calls through its real client path (src/app/http/simulatedAnswer.ts).
 */
import type { SimulatedAnswer } from '@kopa/contract';

export const FAILURE_SCENARIOS = {
  'server-message': 'Error with a server message',
  'session-expired': 'Session expired (401)',
  'server-error': 'Server error (500)',
  timeout: 'Time-out (no answer)',
  slow: 'Slow answer (3 s)',
} as const;
type FailureName = keyof typeof FAILURE_SCENARIOS;

/**
 * How long the preview waits before a time-out. The borrower's app waits config httpTimeoutMs
 * (60 s); the state at its end is the same, and an operator should not wait a minute for it.
 */
export const PREVIEW_TIMEOUT_MS = 4000;

/** The message a backend sends with a refusal, as the borrower would read it. */
export const SERVER_MESSAGE = 'Our service is busy right now. Please try again in a few minutes.';

const ANSWERS: Record<FailureName, SimulatedAnswer> = {
  'server-message': { status: 200, body: { code: '5001', message: SERVER_MESSAGE }, delayMs: 300 },
  'session-expired': {
    status: 401,
    body: { code: '401', message: 'Your session has ended. Please log in again.' },
    delayMs: 300,
  },
  'server-error': {
    status: 500,
    body: { code: '500', message: 'Internal Server Error' },
    delayMs: 300,
  },
  timeout: { delayMs: null, timeoutMs: PREVIEW_TIMEOUT_MS },
  slow: { delayMs: 3000 },
};

const isFailureName = (v: unknown): v is FailureName =>
  typeof v === 'string' && Object.hasOwn(FAILURE_SCENARIOS, v);

/** The endpoints a layout's data sources call. */
function endpointsOf(doc: unknown): string[] {
  const sources = (doc as { dataSources?: Record<string, { endpoint?: unknown }> } | null)
    ?.dataSources;
  if (!sources || typeof sources !== 'object') return [];
  const all = Object.values(sources).map((s) => s?.endpoint);
  return [...new Set(all.filter((e): e is string => typeof e === 'string'))];
}

/** The failure scenarios of a layout: all of them, for every endpoint, when it has a data source. */
export function failureScenariosFor(
  doc: unknown,
): Array<{ name: FailureName; label: string; endpoints: string[] }> {
  const endpoints = endpointsOf(doc);
  if (endpoints.length === 0) return [];
  return (Object.keys(FAILURE_SCENARIOS) as FailureName[]).map((name) => ({
    name,
    label: FAILURE_SCENARIOS[name],
    endpoints,
  }));
}

/** endpoint -> its simulated answer in this scenario; null for any other name or no data source. */
export function failureAnswers(doc: unknown, name: string): Record<string, SimulatedAnswer> | null {
  if (!isFailureName(name)) return null;
  const endpoints = endpointsOf(doc);
  if (endpoints.length === 0) return null;
  return Object.fromEntries(endpoints.map((e) => [e, ANSWERS[name]]));
}
