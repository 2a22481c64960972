/**
 * Checks the editor's text in a Web Worker (check.worker.ts) while an operator types: debounced,
 * and every key cancels what the one before asked for. A check waiting for the debounce is
 * dropped; a check already running in the worker finishes, but its answer is ignored when newer
 * text exists, and only the newest text is sent next. The main thread never runs the checker.
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

export function startChecker(
  name: string,
  onIssues: (issues: Issue[], text: string) => void,
  debounceMs = CHECK_DEBOUNCE_MS,
): Checker {
  const worker = new Worker(new URL('./check.worker.ts', import.meta.url), { type: 'module' });
  let latest = 0;
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
