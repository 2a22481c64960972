import { useEffect, useMemo } from 'react';
import type { LayoutDocument } from '../schema/generated/types';
import { runActions } from '../actions/run';
import { LocalScopeContext, RuntimeContext } from './contexts';
import type { RuntimeEnv } from './env';
import { loadSource, shouldLoadOnMount, sourcesOf } from './dataSources';
import { createPageRuntime } from './pageRuntime';
import { buildScope } from './scope';
import { PageBody } from './PageBody';
import { useText } from './useBinding';
import { watchKeyboard } from './keyboardWatch';

interface Props {
  layout: LayoutDocument;
  env: RuntimeEnv;
}

/**
 * One screen: its store, its data sources and its lifetime. Leaving the page aborts its
 * requests and timers, so a late response changes nothing (SECURITY 17).
 */
export function Page({ layout, env }: Props) {
  const runtime = useMemo(() => createPageRuntime(layout, env), [layout, env]);

  useEffect(() => {
    // The controller is made here, not with the runtime: React may run an effect, clean it up
    // and run it again (StrictMode), and the second run must not start out aborted.
    runtime.begin();
    const blocking = sourcesOf(layout).filter(([name, s]) => shouldLoadOnMount(runtime, name, s));
    void Promise.all(blocking.map(([name, s]) => loadSource(runtime, name, s))).then(() => {
      if (runtime.signal.aborted || !layout.onLoad) return;
      const read = () => buildScope(runtime.store.getSnapshot(), env, {});
      void runActions(layout.onLoad, runtime, read, '/onLoad');
    });
    const stopKeyboardWatch = watchKeyboard(runtime.store);
    return () => {
      stopKeyboardWatch();
      runtime.end();
    };
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
