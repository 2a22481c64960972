import type { RuntimeEnv, UrlSite } from './env';
import type { PageStore } from './pageStore';

/**
 * What actions, data sources and widgets hold of a running page. A plain interface (no React):
 * actions sit below the renderer and must be able to name it (src/react/render/contexts.ts provides it).
 */
export interface PageRuntime {
  env: RuntimeEnv;
  store: PageStore;
  /** Aborted when the page is left: late responses and timers then change nothing. */
  signal: AbortSignal;
  /** Data sources by name, so reload actions and Retry can find them. */
  reloadSource(name: string): Promise<boolean>;
  /** Layout name, for reports. */
  layoutId: string;
  /** The URL at `pointer` with the labels of the data it carries, for env's URL checks. */
  urlSite(pointer: string): UrlSite;
  /** Values kept on the device: writes go to env.local, the local.* mirror and the persist bookkeeping. */
  storage: PageStorage;
}

/** The page's side of local storage (src/runtime/persist.ts). */
export interface PageStorage {
  set(key: string, value: unknown, pointer: string): void;
  remove(key: string, pointer: string): void;
}

/** Local names a widget adds for its children (repeat: item and index). */
export type LocalScope = Readonly<Record<string, unknown>>;
