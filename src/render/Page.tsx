import { useEffect, useMemo } from 'react';
import type { LayoutDocument } from '../schema/generated/types';
import { runActions } from '../actions/run';
import { LocalScopeContext, RuntimeContext, type PageRuntime } from './contexts';
import type { RuntimeEnv } from './env';
import { createPageStore } from './pageStore';
import { loadSource, shouldLoadOnMount, sourcesOf } from './dataSources';
import { buildScope } from './scope';
import { PageBody } from './PageBody';
import { useText } from './useBinding';

interface Props {
  layout: LayoutDocument;
  env: RuntimeEnv;
}

/**
 * One screen: its store, its data sources and its lifetime. Leaving the page aborts its
 * requests and timers, so a late response changes nothing (SECURITY 17).
 */
export function Page({ layout, env }: Props) {
  const runtime = useMemo<PageRuntime>(() => {
    const controller = new AbortController();
    const store = createPageStore((layout.state ?? {}) as Record<string, unknown>);
    const sources = new Map(sourcesOf(layout));
    const rt: PageRuntime & { abort(): void } = {
      env,
      store,
      signal: controller.signal,
      layoutId: layout.id,
      abort: () => controller.abort(),
      reloadSource: async (name) => {
        const source = sources.get(name);
        if (!source) {
          env.report({ pointer: `/dataSources/${name}`, message: `Unknown data source "${name}"`, kind: 'reload' });
          return false;
        }
        return loadSource(rt, name, source);
      },
    };
    return rt;
  }, [layout, env]);

  useEffect(() => {
    const rt = runtime as PageRuntime & { abort(): void };
    const blocking = sourcesOf(layout).filter(([name, s]) => shouldLoadOnMount(rt, name, s));
    void Promise.all(blocking.map(([name, s]) => loadSource(rt, name, s))).then(() => {
      if (rt.signal.aborted || !layout.onLoad) return;
      const read = () => buildScope(rt.store.getSnapshot(), env, {});
      void runActions(layout.onLoad, rt, read, '/onLoad');
    });
    return () => rt.abort();
  }, [runtime, layout, env]);

  return (
    <RuntimeContext.Provider value={runtime}>
      <LocalScopeContext.Provider value={EMPTY_LOCALS}>
        <PageTitle title={layout.title} />
        <PageBody layout={layout} />
      </LocalScopeContext.Provider>
    </RuntimeContext.Provider>
  );
}

const EMPTY_LOCALS = Object.freeze({});

/** document.title follows the layout's title, bindings included (spec: titles set per page). */
function PageTitle({ title }: { title: string }) {
  const text = useText(title, '/title');
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
  return null;
}
