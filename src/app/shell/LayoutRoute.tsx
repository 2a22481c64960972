import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Page, type PageStatus } from '@kopa/react';
import { createPageController } from '@kopa/runtime';
import type { ToastStore } from '@kopa/react';
import { createRuntimeEnv } from './createEnv';
import { firstScreenFor } from './firstScreen';
import { loadLayout } from './loadLayout';
import { msg } from '@kopa/format';
import { StatusScreen } from './StatusScreen';
import { widgets } from './widgets';

/**
 * A route whose screen is a server layout. The shell owns one page controller per location (and
 * per Retry): it loads the layout, starts the page's data as soon as the layout is parsed (while
 * the widget chunks load) and ends the page when the Page that holds it unmounts.
 */
export function LayoutRoute({ layoutName, toasts }: { layoutName: string; toasts: ToastStore }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);

  // The first location's screen was started before React (firstScreen.ts): adopted, not redone.
  const first = useMemo(() => firstScreenFor(layoutName, location.key), [layoutName, location.key]);
  const env = useMemo(
    () =>
      first?.env ??
      createRuntimeEnv({
        navigate: (path, options) => navigate(path, options),
        toasts,
        layoutId: layoutName,
      }),
    // A new env per location: its query (session parameters) is the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layoutName, location.key, toasts, first],
  );
  useEffect(
    () => first?.connect((path, options) => void navigate(path, options)),
    [first, navigate],
  );

  // Made during render but inert until a Page retains it, so a render React throws away costs
  // nothing. Retry (attempt > 0) always starts afresh.
  const controller = useMemo(
    () =>
      attempt === 0 && first
        ? first.controller
        : createPageController({
            env,
            load: (signal, onParsed) => loadLayout(layoutName, signal, onParsed),
          }),
    [attempt, first, env, layoutName],
  );
  // The Page's effect (a child's) has run and holds its own reference: the shell lets go of its one.
  useEffect(() => {
    first?.release();
  }, [first]);

  // Loading, or (never seen: the Page has unmounted by then) disposed: the loading screen.
  const status = (state: PageStatus) =>
    state.status === 'error' ? (
      <StatusScreen kind="error" message={state.message} onRetry={() => setAttempt((n) => n + 1)} />
    ) : (
      <StatusScreen kind="loading" message={msg('common.loading')} />
    );
  return (
    <Page
      key={`${location.key}:${attempt}`}
      controller={controller}
      widgets={widgets}
      status={status}
    />
  );
}
