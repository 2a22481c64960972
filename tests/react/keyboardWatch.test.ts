/**
 * Spec section 9: screen.keyboardOpen is true while the visible height is more than 60 px below
 * the tallest seen. Starting the watch must not read visualViewport.height, which forces
 * a layout of the half-built first screen.
 */
import { describe, expect, it } from 'vitest';
import { watchKeyboard } from '../../src/react/render/keyboardWatch';
import { createPageStore } from '../../src/runtime/pageStore';

function fakeWindow(innerHeight: number) {
  const listeners = new Set<() => void>();
  let visible = innerHeight;
  let heightReads = 0;
  const viewport = {
    get height() {
      heightReads++;
      return visible;
    },
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  const win = { innerHeight, visualViewport: viewport } as unknown as Window;
  return {
    win,
    resizeTo(h: number) {
      visible = h;
      for (const f of listeners) f();
    },
    reads: () => heightReads,
    listeners: () => listeners.size,
  };
}

describe('watchKeyboard', () => {
  it('opens when the visible height drops more than 60 px below the tallest, and closes again', () => {
    const store = createPageStore({});
    const w = fakeWindow(800);
    const stop = watchKeyboard(store, w.win);
    expect(store.getSnapshot().screen.keyboardOpen).toBe(false);
    w.resizeTo(745);
    expect(store.getSnapshot().screen.keyboardOpen).toBe(false);
    w.resizeTo(500);
    expect(store.getSnapshot().screen.keyboardOpen).toBe(true);
    w.resizeTo(800);
    expect(store.getSnapshot().screen.keyboardOpen).toBe(false);
    stop();
    expect(w.listeners()).toBe(0);
  });

  it('does not read the visual viewport (a forced layout) until it resizes', () => {
    const store = createPageStore({});
    const w = fakeWindow(800);
    watchKeyboard(store, w.win);
    expect(w.reads()).toBe(0);
    w.resizeTo(700);
    expect(w.reads()).toBe(1);
    expect(store.getSnapshot().screen.keyboardOpen).toBe(true);
  });
});
