/**
 * Checks the editor's text in a Web Worker (check.worker.ts) while an operator types. The first
 * key after a quiet moment is checked at once (its problem shows without waiting); keys that
 * follow within the debounce are gathered, and each cancels what the one before asked for. A
 * check waiting for the debounce is dropped; a check already running in the worker finishes, but
 * its answer is ignored when newer text exists, and only the newest text is sent next. The main
 * thread never runs the checker.
 */
import type { Issue } from '../api';
import type { CheckRequest, CheckResult } from './protocol';

/** Quiet time after the last key before the text is checked. */
export const CHECK_DEBOUNCE_MS = 50;

export interface Checker {
  /** The text changed: check it soon, cancelling whatever was asked before. */
  check(text: string): void;
  stop(): void;
}

/** What the checker needs of a Worker (a test passes its own). */
export type CheckWorker = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((e: MessageEvent<CheckResult>) => void) | null;
};

const checkWorker = (): CheckWorker =>
  new Worker(new URL('./check.worker.ts', import.meta.url), { type: 'module' });

export function startChecker(
  name: string,
  onIssues: (issues: Issue[], text: string) => void,
  debounceMs = CHECK_DEBOUNCE_MS,
  worker: CheckWorker = checkWorker(),
): Checker {
  let latest = 0;
  let lastKeyAt = -Infinity;
  let busy = false;
  let waiting: CheckRequest | null = null;
  const texts = new Map<number, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (req: CheckRequest) => {
    busy = true;
    texts.set(req.id, req.text);
    worker.postMessage(req);
  };
  worker.onmessage = (e: MessageEvent<CheckResult>) => {
    busy = false;
    const text = texts.get(e.data.id) ?? '';
    // For npm run bench:studio and the browser's performance panel: how long the worker checked.
    performance.mark('kopa-check', { detail: e.data.ms });
    texts.delete(e.data.id);
    if (e.data.id === latest) onIssues(e.data.issues, text);
    if (waiting) {
      const next = waiting;
      waiting = null;
      send(next);
    }
  };
  return {
    check(text) {
      clearTimeout(timer);
      const id = ++latest;
      const now = performance.now();
      const quiet = now - lastKeyAt >= debounceMs;
      lastKeyAt = now;
      if (quiet && !busy) {
        send({ id, name, text });
        return;
      }
      timer = setTimeout(() => {
        if (id !== latest) return;
        const req = { id, name, text };
        if (busy) waiting = req;
        else send(req);
      }, debounceMs);
    },
    stop() {
      clearTimeout(timer);
      worker.terminate();
    },
  };
}
