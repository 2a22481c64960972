/**
 * The shape of a studio preview's failure scenario, as the server writes it into the page (the
 * `kopa-answers` block: server/layouts/previewFailures.ts) and the API client reads it
 * (src/app/http/simulatedAnswer.ts): how one endpoint answers instead of the server.
 */
export interface SimulatedAnswer {
  /** The HTTP status and envelope answered; absent: the real request, sent after `delayMs` (a slow answer). */
  status?: number;
  body?: unknown;
  /** How long before the answer; null: never (the client's timer ends the call). */
  delayMs: number | null;
  /** The preview's own clock for a time-out, shorter than the borrower's (config httpTimeoutMs). */
  timeoutMs?: number;
}
