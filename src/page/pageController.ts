import type { LayoutDocument } from '../schema/generated/types';
import type { RuntimeEnv } from '../runtime/env';
import type { PageRuntime } from '../runtime/pageRuntime';
import { createPageRuntime, type OwnedPageRuntime } from './createPageRuntime';

/** A checked layout, and the loading of its widget chunks (false when one could not be fetched). */
export type LayoutLoad = { ok: true; layout: LayoutDocument; widgets: Promise<boolean> } | { ok: false; message: string };

/**
 * Fetches and checks a layout (the shell's loader). `onParsed` is called as soon as the layout is
 * parsed, before the full check, so its data requests overlap the validators and widget chunks.
 */
export type LayoutSource = (signal: AbortSignal, onParsed: (doc: LayoutDocument) => void) => Promise<LayoutLoad>;

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
  /** The page's host: its query is the location's own. */
  readonly env: RuntimeEnv;
  getState(): PageState;
  /** For useSyncExternalStore: called after every change of state. */
  subscribe(listener: () => void): () => void;
  /**
   * Takes a reference (a mounted Page, the shell holding the first screen). The first starts the
   * page; releasing the last disposes it. The release function is idempotent.
   */
  retain(): () => void;
  /** The page runtime once the layout was parsed (its data requests are then on their way). */
  runtime(): PageRuntime | null;
}

export interface PageControllerOptions {
  env: RuntimeEnv;
  load: LayoutSource;
  /** The error screen's message when a widget chunk could not be fetched (in the borrower's language). */
  widgetsFailed: () => string;
}

const LOADING: PageState = Object.freeze({ status: 'loading' });
const DISPOSED: PageState = Object.freeze({ status: 'disposed' });

/**
 * One screen's lifecycle, owned by the shell; Page only subscribes to it. One controller per
 * location (and per Retry): it loads the layout, starts the page runtime as soon as the layout is
 * parsed, waits for the widget chunks, and ends everything when its last reference is released.
 */
export function createPageController({ env, load, widgetsFailed }: PageControllerOptions): PageController {
  let state: PageState = LOADING;
  let references = 0;
  let started = false;
  let releasing = false;
  let runtime: OwnedPageRuntime | null = null;
  let unwatchSession: (() => void) | null = null;
  const loading = new AbortController();
  const listeners = new Set<() => void>();

  // A function, not a narrowed read: dispose() may run while a load is awaited.
  const disposed = () => state.status === 'disposed';
  const set = (next: PageState) => {
    if (disposed() || next === state) return;
    state = next;
    for (const l of [...listeners]) l();
  };

  const startRuntime = (doc: LayoutDocument) => {
    runtime ??= createPageRuntime(doc, env);
    runtime.start();
  };

  const ready = (layout: LayoutDocument, page: OwnedPageRuntime) => {
    if (state.status !== 'loading') return;
    const expired = () => page.store.getSnapshot().session.expired;
    set({ status: expired() ? 'sessionExpired' : 'ready', layout, runtime: page });
    // A 401 anywhere (a data source, an action) turns the page into its session-expired state.
    unwatchSession = page.store.subscribe(() => {
      if (expired() && state.status === 'ready') set({ status: 'sessionExpired', layout, runtime: page });
    });
  };

  const start = () => {
    started = true;
    void load(loading.signal, startRuntime).then(async (result) => {
      if (disposed()) return;
      if (!result.ok) {
        // The layout was refused after all: drop what its early start began.
        runtime?.dispose();
        return set({ status: 'error', message: result.message });
      }
      startRuntime(result.layout);
      const widgetsLoaded = await result.widgets;
      if (disposed() || !runtime) return;
      if (!widgetsLoaded) {
        runtime.dispose();
        return set({ status: 'error', message: widgetsFailed() });
      }
      ready(result.layout, runtime);
    });
  };

  const dispose = () => {
    if (disposed()) return;
    loading.abort();
    unwatchSession?.();
    runtime?.dispose();
    state = DISPOSED;
    for (const l of [...listeners]) l();
    listeners.clear();
  };

  return {
    env,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retain() {
      // A disposed page stays disposed: its owner makes a new controller (a new location, Retry).
      if (disposed()) return () => {};
      references += 1;
      releasing = false;
      if (!started) start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        references -= 1;
        if (references > 0) return;
        // StrictMode unmounts and mounts again in the same commit (all cleanups run before any
        // setup), so a count of 0 is final only once that synchronous work is over.
        releasing = true;
        queueMicrotask(() => {
          if (releasing && references === 0) dispose();
        });
      };
    },
    runtime: () => runtime,
  };
}
