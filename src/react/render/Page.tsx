import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { LayoutDocument } from '@kopa/contract';
import type { PageController, PageState } from '@kopa/runtime';
import type { PageRuntime } from '@kopa/runtime';
import { NodeEnvContext, RuntimeContext } from './contexts';
import { PageBody } from './PageBody';
import { SessionExpired } from './SessionExpired';
import { useText } from './useBinding';
import { watchKeyboard } from './keyboardWatch';
import { runActions } from '@kopa/runtime';
import { buildScope } from '@kopa/runtime';
import type { WidgetSource } from './widgetCache';

/** A page with nothing to show yet (or any more): loading, error, disposed. */
export type PageStatus = Exclude<PageState, { runtime: unknown }>;

interface Props {
  /** The screen's lifecycle, owned by the shell (src/runtime/page/pageController.ts): Page only follows it. */
  controller: PageController;
  /** The widgets, injected by the shell (the renderer does not import src/react/widgets). */
  widgets: WidgetSource;
  /** What to show while the layout loads or when it could not be loaded (the shell's screens). */
  status?: (state: PageStatus) => ReactNode;
}

/**
 * One screen. While mounted it holds a reference on its controller; the last reference released
 * ends the page: its requests and timers are aborted, so a late response changes nothing
 * (SECURITY 17).
 */
export function Page({ controller, widgets, status }: Props) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => controller.retain(), [controller]);
  const runtime = 'runtime' in state ? state.runtime : null;
  const nodeEnv = useMemo(
    () => runtime && { widgets, report: runtime.env.report },
    [widgets, runtime],
  );
  if (!('runtime' in state)) return status?.(state) ?? null;
  // No LocalScope provider: its default (no local names) is what a page starts with.
  return (
    <NodeEnvContext.Provider value={nodeEnv}>
      <RuntimeContext.Provider value={state.runtime}>
        <ShownPage
          layout={state.layout}
          runtime={state.runtime}
          expired={state.status === 'sessionExpired'}
        />
      </RuntimeContext.Provider>
    </NodeEnvContext.Provider>
  );
}

/** A loaded page: its body, or its session-expired way out once a call answered 401. */
function ShownPage({
  layout,
  runtime,
  expired,
}: {
  layout: LayoutDocument;
  runtime: PageRuntime;
  expired: boolean;
}) {
  useEffect(() => watchKeyboard(runtime.store), [runtime]);

  const onBack = layout.onBack;
  const { env } = runtime;
  useEffect(() => {
    if (!onBack || onBack.length === 0) return;
    // The back signal reads the scope as it is when the host calls, like any tap.
    return env.onHostBack(() => {
      void runActions(
        onBack,
        runtime,
        () => buildScope(runtime.store.getSnapshot(), env, {}),
        '/onBack',
      );
    });
  }, [onBack, runtime, env]);

  return (
    <>
      <PageTitle title={layout.title} />
      {expired ? <SessionExpired layout={layout} /> : <PageBody layout={layout} />}
    </>
  );
}

/** document.title follows the layout's title, bindings included (spec: titles set per page). */
function PageTitle({ title }: { title: string }) {
  const text = useText(title, '/title');
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
  return null;
}
