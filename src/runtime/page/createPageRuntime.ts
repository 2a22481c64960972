import type { LayoutDocument } from '@kopa/contract';
import type { PageRuntime } from '../pageRuntime';
import type { RuntimeEnv, UrlLabels } from '../env';
import { createPageStore } from '../pageStore';
import { runActions } from '../actions/run';
import { loadSource, shouldLoadOnMount, sourcesOf } from './dataSources';
import { buildScope } from '../scope';
import { createPageStorage } from '../persist';
import { readsDeviceValues } from './readsDeviceValues';

export interface OwnedPageRuntime extends PageRuntime {
  /**
   * Starts the page, once: the data sources that load on mount, then onLoad. Called by the page
   * controller as soon as the layout is parsed, so the data loads while the widgets do.
   */
  start(): void;
  /** Ends it for good: a pending draft is written, requests aborted, timers cleared, late answers ignored. */
  dispose(): void;
}

const NO_LABELS: UrlLabels = {};

export function createPageRuntime(
  layout: LayoutDocument,
  env: RuntimeEnv,
  labels: UrlLabels = NO_LABELS,
): OwnedPageRuntime {
  const controller = new AbortController();
  let started = false;
  const local = readsDeviceValues(layout) ? env.local.readAll() : {};
  const store = createPageStore(
    (layout.state ?? {}) as Record<string, unknown>,
    local,
    layout.computed,
  );
  // Persisted state paths are restored here, before the first render reads the store.
  const storage = createPageStorage(store, env, layout.persist);
  // A webview may be killed without unload once hidden: write a pending draft then.
  const onHidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') storage.flush();
  };
  // Only a page with persisted paths can have a draft to write: no listeners for the others (each
  // first pagehide or visibilitychange listener is also a message to the browser process).
  const listen = (on: boolean) => {
    if (typeof window === 'undefined' || (layout.persist?.length ?? 0) === 0) return;
    const method = on ? 'addEventListener' : 'removeEventListener';
    window[method]('pagehide', storage.flush);
    document[method]('visibilitychange', onHidden);
  };
  const sources = new Map(sourcesOf(layout));
  const runtime: OwnedPageRuntime = {
    env,
    store,
    layoutId: layout.id,
    urlSite: (pointer) => ({
      pointer,
      labels: Object.hasOwn(labels, pointer) ? (labels[pointer] ?? []) : [],
    }),
    storage,
    signal: controller.signal,
    start() {
      if (started || controller.signal.aborted) return;
      started = true;
      const { signal } = controller;
      listen(true);
      const mount = sourcesOf(layout).filter(([name, s]) => shouldLoadOnMount(runtime, name, s));
      void Promise.all(mount.map(([name, s]) => loadSource(runtime, name, s))).then(() => {
        if (signal.aborted || !layout.onLoad) return;
        void runActions(
          layout.onLoad,
          runtime,
          () => buildScope(store.getSnapshot(), env, {}),
          '/onLoad',
        );
      });
    },
    dispose() {
      if (controller.signal.aborted) return;
      listen(false);
      storage.flush();
      controller.abort();
    },
    async reloadSource(name) {
      const source = sources.get(name);
      if (!source) {
        env.report({
          pointer: `/dataSources/${name}`,
          message: `Unknown data source "${name}"`,
          kind: 'reload',
        });
        return false;
      }
      return loadSource(runtime, name, source);
    },
  };
  return runtime;
}
