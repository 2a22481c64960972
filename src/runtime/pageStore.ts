import { produce, type Draft } from 'immer';
import type { CallError } from './env';

export type SourceStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SourceState {
  status: SourceStatus;
  error?: CallError;
}

export interface PageSnapshot {
  state: Record<string, unknown>;
  data: Record<string, unknown>;
  sources: Record<string, SourceState>;
  dialogs: Record<string, boolean>;
  /** Facts about the screen bindings may read as screen.* (keyboardOpen). */
  screen: { keyboardOpen: boolean };
  /** The values kept on the device (local.* in bindings): read at page start, then kept in step with storage writes. */
  local: Record<string, unknown>;
  /** Set when a call answered HTTP 401: the page then shows its session-expired way out. */
  session: { expired: boolean; message: string };
  /** The layout's `computed` definitions (never changed): computed.* is evaluated from them per snapshot (computed.ts). */
  computedDefs: Readonly<Record<string, unknown>>;
}

export interface PageStore {
  getSnapshot(): PageSnapshot;
  subscribe(listener: () => void): () => void;
  update(recipe: (draft: Draft<PageSnapshot>) => void): void;
}

/**
 * The page's state, data and dialog flags in one immutable snapshot. Immer gives structural
 * sharing, so a binding that reads an unchanged branch gets the same reference and its widget
 * does not re-render.
 */
export function createPageStore(
  initialState: Record<string, unknown>,
  local: Record<string, unknown> = {},
  computedDefs: Readonly<Record<string, unknown>> = {},
): PageStore {
  let snapshot: PageSnapshot = {
    state: structuredClone(initialState),
    local,
    data: {},
    sources: {},
    dialogs: {},
    screen: { keyboardOpen: false },
    session: { expired: false, message: '' },
    // A copy: the store freezes what it holds, and the layout object is not its to freeze.
    computedDefs: structuredClone(computedDefs),
  };
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(recipe) {
      const next = produce(snapshot, recipe);
      if (next === snapshot) return;
      snapshot = next;
      for (const l of [...listeners]) l();
    },
  };
}
