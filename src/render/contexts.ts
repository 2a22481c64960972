import { createContext, useContext } from 'react';
import type { RuntimeEnv } from './env';
import type { PageStore } from './pageStore';

export interface PageRuntime {
  env: RuntimeEnv;
  store: PageStore;
  /** Aborted when the page is left: late responses and timers then change nothing. */
  signal: AbortSignal;
  /** Data sources by name, so reload actions and Retry can find them. */
  reloadSource(name: string): Promise<boolean>;
  /** Layout name, for reports. */
  layoutId: string;
  /** Values kept on the device: writes go to env.local, the local.* mirror and the persist bookkeeping. */
  storage: PageStorage;
}

/** The page's side of local storage (src/render/persist.ts). */
export interface PageStorage {
  set(key: string, value: unknown, pointer: string): void;
  remove(key: string, pointer: string): void;
}

export const RuntimeContext = createContext<PageRuntime | null>(null);

export function usePageRuntime(): PageRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('usePageRuntime outside a page');
  return runtime;
}

/** Local names a widget adds for its children (repeat: item and index). */
export type LocalScope = Readonly<Record<string, unknown>>;
export const LocalScopeContext = createContext<LocalScope>(Object.freeze({}));
