import type { PageController } from '@kopa/runtime';
import { whenIdle } from './whenIdle';

/**
 * Work the first screen does not need (the layout validators, the whole texts chunk)
 * waits until that screen is up: ready (or failed) with its startup data in. "The main thread is
 * idle" alone was too early: on a slow network it is idle while the screen's data is in flight,
 * and the deferred downloads then competed with that data and its rendering.
 */
const waiting: (() => void)[] = [];
let settled = false;
let announce: () => void = () => {};

/** Resolves once the first screen has settled (see settleWith). */
export const firstScreenSettled = new Promise<void>((resolve) => {
  announce = resolve;
});

/** After the first screen has settled (at once, in idle time, if it has). */
export function afterFirstScreen(task: () => void): void {
  if (settled) whenIdle(window, task);
  else waiting.push(task);
}

/** Settles at once: the page has no first screen of its own (the HTML came without a layout). */
export function settle(): void {
  if (settled) return;
  settled = true;
  announce();
  for (const task of waiting.splice(0)) whenIdle(window, task);
}

/**
 * Settles when `controller`'s page is ready with no data source loading, or has failed, or has
 * been let go; at the latest after `latest` ms (a screen that keeps loading must not hold the
 * rest back for ever).
 */
export function settleWith(controller: PageController, latest = 15_000): void {
  const timer = setTimeout(settle, latest);
  let unwatchStore: (() => void) | undefined;
  const done = () => {
    clearTimeout(timer);
    unwatch();
    unwatchStore?.();
    settle();
  };
  const check = () => {
    const state = controller.getState();
    if (
      state.status === 'error' ||
      state.status === 'disposed' ||
      state.status === 'sessionExpired'
    )
      return done();
    if (state.status !== 'ready' || unwatchStore) return;
    const idle = () =>
      Object.values(state.runtime.store.getSnapshot().sources).every(
        (s) => s?.status !== 'loading',
      );
    if (idle()) return done();
    unwatchStore = state.runtime.store.subscribe(() => idle() && done());
  };
  const unwatch = controller.subscribe(check);
  check();
}
