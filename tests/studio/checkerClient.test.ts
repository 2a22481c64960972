import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Issue } from '../../src/studio/api';
import { startChecker, type CheckWorker } from '../../src/studio/checker/checkerClient';
import type { CheckRequest } from '../../src/studio/checker/protocol';

/** A worker that records what it was sent and answers when the test says so. */
function fakeWorker() {
  const sent: CheckRequest[] = [];
  const worker: CheckWorker = {
    onmessage: null,
    postMessage: (req: CheckRequest) => sent.push(req),
    terminate: () => undefined,
  } as unknown as CheckWorker;
  const answer = (issues: Issue[] = []) => {
    const req = sent.at(-1);
    if (!req) throw new Error('nothing was sent');
    worker.onmessage?.({ data: { id: req.id, issues, ms: 1 } } as MessageEvent);
  };
  return { worker, sent, answer };
}

const issue = (message: string) => ({ message }) as unknown as Issue;

describe('the studio checker client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('checks the first key after a quiet moment at once, without waiting for the debounce', () => {
    const { worker, sent, answer } = fakeWorker();
    const shown: string[] = [];
    const checker = startChecker('repay', (_issues, text) => shown.push(text), 50, worker);
    checker.check('{"a":1}');
    expect(sent.map((r) => r.text)).toEqual(['{"a":1}']);
    answer([issue('x')]);
    expect(shown).toEqual(['{"a":1}']);
  });

  it('gathers the keys of a burst and checks only the newest text after the debounce', () => {
    const { worker, sent, answer } = fakeWorker();
    const shown: string[] = [];
    const checker = startChecker('repay', (_issues, text) => shown.push(text), 50, worker);
    checker.check('1');
    answer();
    vi.advanceTimersByTime(10);
    checker.check('12');
    vi.advanceTimersByTime(10);
    checker.check('123');
    expect(sent.map((r) => r.text)).toEqual(['1']);
    vi.advanceTimersByTime(50);
    expect(sent.map((r) => r.text)).toEqual(['1', '123']);
    answer();
    expect(shown).toEqual(['1', '123']);
  });

  it('ignores the answer for text that has changed since, and sends the newest next', () => {
    const { worker, sent, answer } = fakeWorker();
    const shown: string[] = [];
    const checker = startChecker('repay', (_issues, text) => shown.push(text), 50, worker);
    checker.check('old');
    vi.advanceTimersByTime(100);
    checker.check('new'); // the worker is still busy with 'old'
    vi.advanceTimersByTime(50);
    expect(sent.map((r) => r.text)).toEqual(['old']);
    answer(); // the answer for 'old'
    expect(shown).toEqual([]);
    expect(sent.map((r) => r.text)).toEqual(['old', 'new']);
    answer();
    expect(shown).toEqual(['new']);
  });
});
