import type { LayoutDocument } from '@kopa/contract';
import type { RuntimeEnv, UrlLabels } from '../env';
import type { PageRuntime } from '../pageRuntime';
import { createPageRuntime, type OwnedPageRuntime } from './createPageRuntime';

/**
 * A checked layout, and the loading of its widget chunks: null once loaded, or the error screen's
 * message (in the borrower's language) when one could not be fetched.
 */
export type LayoutLoad =
  | { ok: true; layout: LayoutDocument; widgets: Promise<string | null>; labels?: UrlLabels }
  | { ok: false; message: string };

/**
 * Fetches and checks a layout (the shell's loader). `onParsed` is called as soon as the layout is
 * parsed, before the full check, so its data requests overlap the validators and widget chunks;
 * with the labels of the data its URLs carry (the compiled layout's), which the page's URL checks
 * read.
 */
export type LayoutSource = (
  signal: AbortSignal,
  onParsed: (doc: LayoutDocument, labels?: UrlLabels) => void,
) => Promise<LayoutLoad>;

/**
 * What a page is at any moment. loading -> ready | error; ready -> sessionExpired (a call answered
 * 401); any -> disposed (the last reference was released: requests aborted, timers cleared).
 */
export type PageState =
  | { status: 'loading' }
  | { status: 'ready' | 'sessionExpired'; layout: LayoutDocument; runtime: PageRuntime }
  | { status: 'error'; message: string }
  | { status: 'disposed' };

export interface PageController {
  getState(): PageState;
  /** For useSyncExternalStore: called after every change of state. */
  subscribe(listener: () => void): () => void;
  /**
   * Takes a reference (a mounted Page, the shell holding the first screen). The first starts the
   * page; releasing the last disposes it. The release function is idempotent.
   */
  retain(): () => void;
}

export interface PageControllerOptions {
  env: RuntimeEnv;
  load: LayoutSource;
}

/**
 * One screen's lifecycle, owned by the shell; Page only subscribes to it. One controller per
 * location (and per Retry): it loads the layout, starts the page runtime as soon as the layout is
 * parsed, waits for the widget chunks, and ends everything when its last reference is released.
 */
export function createPageController({ env, load }: PageControllerOptions): PageController {
  let state: PageState = { status: 'loading' };
  let references = 0;
  let runtime: OwnedPageRuntime | null = null;
  let unwatchSession: (() => void) | undefined;
  // Made by the first retain(), which starts the load: aborted (the layout fetch too) on dispose.
  let loading: AbortController | undefined;
  const listeners = new Set<() => void>();

  const set = (next: PageState) => {
    state = next;
    for (const l of [...listeners]) l();
  };
  const startRuntime = (doc: LayoutDocument, labels?: UrlLabels) => {
    if (!loading?.signal.aborted) (runtime ??= createPageRuntime(doc, env, labels)).start();
  };

  // Every step after an await first checks the signal: dispose() may have run meanwhile.
  const start = async (signal: AbortSignal) => {
    const result = await load(signal, startRuntime);
    if (signal.aborted) return;
    if (!result.ok) {
      // The layout was refused after all: drop what its early start began.
      runtime?.dispose();
      return set({ status: 'error', message: result.message });
    }
    startRuntime(result.layout, result.labels);
    const page = runtime!;
    const widgetsFailed = await result.widgets;
    if (signal.aborted) return;
    if (widgetsFailed !== null) {
      page.dispose();
      return set({ status: 'error', message: widgetsFailed });
    }
    const show = () =>
      set({
        status: page.store.getSnapshot().session.expired ? 'sessionExpired' : 'ready',
        layout: result.layout,
        runtime: page,
      });
    show();
    // A 401 anywhere (a data source, an action) turns the page into its session-expired state.
    unwatchSession = page.store.subscribe(() => {
      if (state.status === 'ready' && page.store.getSnapshot().session.expired) show();
    });
  };

  const dispose = () => {
    if (state.status === 'disposed') return;
    loading?.abort();
    unwatchSession?.();
    runtime?.dispose();
    set({ status: 'disposed' });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retain() {
      // A disposed page stays disposed: its owner makes a new controller (a new location, Retry).
      if (state.status === 'disposed') return () => {};
      references += 1;
      if (!loading) void start((loading = new AbortController()).signal);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // StrictMode unmounts and mounts again in the same commit (all cleanups run before any
        // setup), so a count of 0 is final only once that synchronous work is over.
        if (--references === 0) queueMicrotask(() => references === 0 && dispose());
      };
    },
  };
}
