// @vitest-environment jsdom
/**
 * What the first screen does not need (the layout validators, the whole texts chunk)
 * loads only once that screen is up with its startup data in, or has failed; never while its data
 * is still in flight, and at the latest after a bound.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageController, PageState } from '../../src/runtime/page/pageController';

type Listener = () => void;

function fakePage() {
  let state: PageState = { status: 'loading' };
  const listeners = new Set<Listener>();
  let snapshot = { sources: { plan: { status: 'loading' } } as Record<string, { status: string }> };
  const storeListeners = new Set<Listener>();
  const store = {
    getSnapshot: () => snapshot,
    subscribe: (l: Listener) => (storeListeners.add(l), () => storeListeners.delete(l)),
  };
  const controller = {
    getState: () => state,
    subscribe: (l: Listener) => (listeners.add(l), () => listeners.delete(l)),
    retain: () => () => {},
  } as unknown as PageController;
  return {
    controller,
    set(next: PageState['status']) {
      state = (
        next === 'ready'
          ? { status: 'ready', layout: {}, runtime: { store } }
          : next === 'error'
            ? { status: 'error', message: 'x' }
            : { status: next }
      ) as PageState;
      for (const l of [...listeners]) l();
    },
    dataIn() {
      snapshot = { sources: { plan: { status: 'ready' } } };
      for (const l of [...storeListeners]) l();
    },
  };
}

describe('afterFirstScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  it('runs the deferred work once the first screen is ready and its data is in, not before', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, settleWith } = await import('../../src/app/shell/afterFirstScreen');
    const page = fakePage();
    const task = vi.fn();
    settleWith(page.controller);
    afterFirstScreen(task);
    page.set('ready');
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).not.toHaveBeenCalled(); // the screen's data is still in flight
    page.dataIn();
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(1);
    afterFirstScreen(task); // later work: in idle time at once
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('runs it when the first screen fails, and at the latest after the bound', async () => {
    vi.useFakeTimers();
    const failed = await import('../../src/app/shell/afterFirstScreen');
    const page = fakePage();
    const task = vi.fn();
    failed.settleWith(page.controller);
    failed.afterFirstScreen(task);
    page.set('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(1);

    vi.resetModules();
    const stuck = await import('../../src/app/shell/afterFirstScreen');
    const slow = fakePage();
    const later = vi.fn();
    stuck.settleWith(slow.controller, 15_000);
    stuck.afterFirstScreen(later);
    slow.set('ready'); // and its data never comes
    await vi.advanceTimersByTimeAsync(14_000);
    expect(later).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("firstScreenSettled (what React's first render waits for) resolves when the screen has its data, not before", async () => {
    vi.useFakeTimers();
    const { firstScreenSettled, settleWith } = await import('../../src/app/shell/afterFirstScreen');
    const page = fakePage();
    let settled = false;
    void firstScreenSettled.then(() => (settled = true));
    settleWith(page.controller);
    page.set('ready');
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    page.dataIn();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  // The order is the point of src/app/shell/boot.ts: the first screen's requests go out before React's
  // DOM renderer (the entry's heaviest code) is evaluated.
  it("main.tsx imports the boot module before React's DOM renderer", () => {
    const imports = [
      ...readFileSync('src/app/shell/main.tsx', 'utf8').matchAll(/^import .* from '([^']+)';$/gm),
    ].map((m) => m[1]);
    expect(imports.indexOf('./boot')).toBe(0);
    expect(imports.indexOf('react-dom/client')).toBeGreaterThan(0);
  });
});
