/**
 * A studio preview's failure scenario (server/layouts/previewFailures.ts): how an endpoint answers
 * instead of the server, so the operator sees the borrower's real error, session-expired and
 * loading states. The answer goes through the client's whole path (its timer, the envelope, the
 * 401 rule), only its source is this description instead of the network.
 */
import type { SimulatedAnswer } from '@kopa/contract';

/** The part of an answer the client reads (client.ts FetchResponseLike). */
interface AnswerLike {
  status: number;
  text(): Promise<string>;
  headers?: { get(name: string): string | null };
}
type Fetch<R> = (url: string, init: RequestInit) => Promise<R>;

/** A fetch that answers as `answer` says, after its delay; aborting the call ends the wait. */
export function simulatedFetch<R extends AnswerLike>(
  answer: SimulatedAnswer,
  realFetch: Fetch<R>,
): Fetch<R | AnswerLike> {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const signal = init.signal;
      const answerNow = () => {
        signal?.removeEventListener('abort', onAbort);
        if (answer.status === undefined) {
          realFetch(url, init).then(resolve, reject);
          return;
        }
        const text = JSON.stringify(answer.body ?? {});
        resolve({ status: answer.status, text: () => Promise.resolve(text) });
      };
      const timer = answer.delayMs === null ? undefined : setTimeout(answerNow, answer.delayMs);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}
