import { describe, expect, it, vi } from 'vitest';
import { createSingleFlight, singleFlight } from '../../../src/app/http/singleFlight';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('10 fast taps -> one request, everyone gets its result', async () => {
    const { run, isPending } = createSingleFlight();
    const d = deferred<string>();
    const fn = vi.fn(() => d.promise);
    const taps = Array.from({ length: 10 }, () => run('payNow', fn));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(isPending('payNow')).toBe(true);
    d.resolve('done');
    expect(await Promise.all(taps)).toEqual(Array(10).fill('done'));
    expect(isPending('payNow')).toBe(false);
  });

  it('a new trigger after settling starts a new request (retry after failure)', async () => {
    const { run } = createSingleFlight();
    const fn = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce('ok');
    const first = [run('k', fn), run('k', fn)];
    await expect(Promise.all(first)).rejects.toThrow('boom');
    expect(await run('k', fn)).toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('different keys do not share', async () => {
    const { run } = createSingleFlight();
    const fn = vi.fn(async () => 1);
    await Promise.all([run('a', fn), run('b', fn)]);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('a synchronous throw becomes a rejection and frees the key', async () => {
    const { run, isPending } = createSingleFlight();
    await expect(
      run('k', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(isPending('k')).toBe(false);
  });

  it('the shared app-wide instance dedupes too', async () => {
    const fn = vi.fn(async () => 'x');
    await Promise.all(Array.from({ length: 10 }, () => singleFlight('shared-test', fn)));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
