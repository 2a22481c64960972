import type { LayoutDocument } from '../schema/generated/types';
import type { PageRuntime } from './contexts';
import type { RuntimeEnv } from './env';
import { createPageStore } from './pageStore';
import { loadSource, sourcesOf } from './dataSources';

export interface OwnedPageRuntime extends PageRuntime {
  /** Starts a lifetime: a fresh abort signal for requests and timers. */
  begin(): void;
  /** Ends it: pending requests are aborted, timers cleared, late answers ignored. */
  end(): void;
}

export function createPageRuntime(layout: LayoutDocument, env: RuntimeEnv): OwnedPageRuntime {
  let controller = new AbortController();
  const store = createPageStore((layout.state ?? {}) as Record<string, unknown>);
  const sources = new Map(sourcesOf(layout));
  const runtime: OwnedPageRuntime = {
    env,
    store,
    layoutId: layout.id,
    get signal() {
      return controller.signal;
    },
    begin() {
      if (controller.signal.aborted) controller = new AbortController();
    },
    end() {
      controller.abort();
    },
    async reloadSource(name) {
      const source = sources.get(name);
      if (!source) {
        env.report({ pointer: `/dataSources/${name}`, message: `Unknown data source "${name}"`, kind: 'reload' });
        return false;
      }
      return loadSource(runtime, name, source);
    },
  };
  return runtime;
}
