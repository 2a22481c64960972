/** The service worker is registered once the page has loaded, its first screen is up and the page is idle, never before. */
import { describe, expect, it, vi } from 'vitest';
import { forgetCachedPages, registerServiceWorker } from '../../src/app/shell/serviceWorker';

function fakeWindow(
  opts: {
    secure?: boolean;
    worker?: boolean;
    state?: DocumentReadyState;
    refused?: boolean;
    controlled?: boolean;
  } = {},
) {
  const update = vi.fn(() => Promise.resolve());
  const register = vi.fn(() => Promise.resolve({ update }));
  const reads = { container: 0 };
  const navigator =
    opts.worker === false
      ? {}
      : {
          get serviceWorker() {
            reads.container++;
            if (opts.refused) throw new DOMException('The operation is insecure.', 'SecurityError');
            return { register, controller: opts.controlled ? {} : null };
          },
        };
  const listeners = new Map<string, () => void>();
  const idle: (() => void)[] = [];
  const win = {
    isSecureContext: opts.secure ?? true,
    navigator,
    document: { readyState: opts.state ?? 'loading' },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
    setTimeout: (fn: () => void) => idle.push(fn),
  } as unknown as Window;
  return {
    win,
    register,
    update,
    reads,
    fire: (type: string) => listeners.get(type)?.(),
    runIdle: () => idle.splice(0).forEach((f) => f()),
  };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site after load, when the page is idle', () => {
    const f = fakeWindow();
    registerServiceWorker(f.win);
    expect(f.register).not.toHaveBeenCalled();
    f.fire('load');
    expect(f.register).not.toHaveBeenCalled();
    f.runIdle();
    expect(f.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it("waits for the first screen too: after load, the worker registers only once `after` runs it (its precaching must not compete with the screen's data and render)", () => {
    const f = fakeWindow();
    const held: (() => void)[] = [];
    registerServiceWorker(f.win, (task) => held.push(task));
    f.fire('load');
    f.runIdle();
    expect(f.register).not.toHaveBeenCalled();
    expect(held).toHaveLength(1);
    held[0]?.();
    expect(f.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('does not touch the worker container before that: reading it sets the container up, work the first screen need not wait for', () => {
    const f = fakeWindow();
    registerServiceWorker(f.win);
    f.fire('load');
    expect(f.reads.container).toBe(0);
    f.runIdle();
    expect(f.reads.container).toBe(1);
    expect(f.register).toHaveBeenCalledTimes(1);
  });

  it('on a returning open (a worker controls the page) asks for a new build at once: register() alone checks nothing for a registration that exists', async () => {
    const f = fakeWindow({ controlled: true, state: 'complete' });
    registerServiceWorker(f.win);
    f.runIdle();
    await vi.waitFor(() => expect(f.update).toHaveBeenCalledTimes(1));
  });

  it('on a first open (no worker yet) registers only: the worker it installs is the newest build', async () => {
    const f = fakeWindow({ state: 'complete' });
    registerServiceWorker(f.win);
    f.runIdle();
    await Promise.resolve();
    await Promise.resolve();
    expect(f.register).toHaveBeenCalledTimes(1);
    expect(f.update).not.toHaveBeenCalled();
  });

  it('does nothing, and throws nothing, when the browser refuses the container (Firefox set to clear site data when it closes)', () => {
    const f = fakeWindow({ refused: true, state: 'complete' });
    registerServiceWorker(f.win);
    expect(() => f.runIdle()).not.toThrow();
    expect(f.reads.container).toBe(1);
    expect(f.register).not.toHaveBeenCalled();
  });

  it('starts the app even when the support check itself throws', () => {
    const f = fakeWindow();
    const refusing = {
      ...f.win,
      navigator: new Proxy(
        {},
        {
          has: () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        },
      ),
    } as unknown as Window;
    expect(() => registerServiceWorker(refusing)).not.toThrow();
    f.fire('load');
    f.runIdle();
    expect(f.register).not.toHaveBeenCalled();
  });

  it('does nothing without service workers or outside a secure context', () => {
    for (const f of [
      fakeWindow({ worker: false, state: 'complete' }),
      fakeWindow({ secure: false, state: 'complete' }),
    ]) {
      expect(() => registerServiceWorker(f.win)).not.toThrow();
      f.runIdle();
      expect(f.register).not.toHaveBeenCalled();
    }
  });
});

describe('forgetCachedPages (a 401 ends the session on this device)', () => {
  function pageWith(controller: { postMessage: (m: unknown) => void } | null) {
    const names = ['kopa-shell-abc', 'kopa-shell-old', 'kopa-assets-abc', 'other-app'];
    const deleted: string[] = [];
    const win = {
      isSecureContext: true,
      navigator: { serviceWorker: { controller } },
      caches: {
        keys: () => Promise.resolve(names),
        delete: (n: string) => Promise.resolve(deleted.push(n) > 0),
      },
    } as unknown as Window;
    return { win, deleted };
  }

  it('tells the worker and deletes every cached page (the build code, which identifies no one, stays)', async () => {
    const postMessage = vi.fn();
    const { win, deleted } = pageWith({ postMessage });
    forgetCachedPages(win);
    expect(postMessage).toHaveBeenCalledWith({ type: 'kopa:session-ended' });
    await vi.waitFor(() => expect(deleted.sort()).toEqual(['kopa-shell-abc', 'kopa-shell-old']));
  });

  it('deletes them too when no worker controls the page yet', async () => {
    const { win, deleted } = pageWith(null);
    expect(() => forgetCachedPages(win)).not.toThrow();
    await vi.waitFor(() => expect(deleted.sort()).toEqual(['kopa-shell-abc', 'kopa-shell-old']));
  });
});
