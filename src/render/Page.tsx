import { useEffect, useMemo } from 'react';
import type { LayoutDocument } from '../schema/generated/types';
import { LocalScopeContext, RuntimeContext, WidgetContext } from './contexts';
import type { WidgetSource } from './widgetCache';
import type { RuntimeEnv } from '../runtime/env';
import { createPageRuntime, type OwnedPageRuntime } from '../page/createPageRuntime';
import { PageBody } from './PageBody';
import { useText } from './useBinding';
import { watchKeyboard } from './keyboardWatch';
import { runActions } from '../actions/run';
import { buildScope } from '../runtime/scope';

interface Props {
  layout: LayoutDocument;
  env: RuntimeEnv;
  /** A runtime already started (its data loading while the widgets load); made here if absent. */
  runtime?: OwnedPageRuntime;
  /** The widgets, injected by the shell (the renderer does not import src/widgets). */
  widgets: WidgetSource;
}

/**
 * One screen: its store, its data sources and its lifetime. Leaving the page aborts its
 * requests and timers, so a late response changes nothing (SECURITY 17).
 */
export function Page({ layout, env, runtime: prepared, widgets }: Props) {
  const runtime = useMemo(() => prepared ?? createPageRuntime(layout, env), [prepared, layout, env]);

  useEffect(() => {
    // Started here too: React may run an effect, clean it up (which ends the lifetime) and run
    // it again (StrictMode); the second run then starts a fresh lifetime.
    runtime.start();
    const stopKeyboardWatch = watchKeyboard(runtime.store);
    return () => {
      stopKeyboardWatch();
      runtime.end();
    };
  }, [runtime]);

  const onBack = layout.onBack;
  useEffect(() => {
    if (!onBack || onBack.length === 0) return;
    // The back signal reads the scope as it is when the host calls, like any tap.
    return env.onHostBack(() => {
      void runActions(onBack, runtime, () => buildScope(runtime.store.getSnapshot(), env, {}), '/onBack');
    });
  }, [onBack, runtime, env]);

  return (
    <WidgetContext.Provider value={widgets}>
      <RuntimeContext.Provider value={runtime}>
        <LocalScopeContext.Provider value={EMPTY_LOCALS}>
          <PageTitle title={layout.title} />
          <PageBody layout={layout} />
        </LocalScopeContext.Provider>
      </RuntimeContext.Provider>
    </WidgetContext.Provider>
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
