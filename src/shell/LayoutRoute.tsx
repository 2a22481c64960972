import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LayoutDocument } from '../schema/generated/types';
import { Page } from '../render/Page';
import { createPageRuntime, type OwnedPageRuntime } from '../page/createPageRuntime';
import type { ToastStore } from '../render/toast/toastStore';
import { createRuntimeEnv } from './createEnv';
import { firstScreenFor } from './firstScreen';
import { loadLayout, widgetsFailed } from './loadLayout';
import { msg } from '../format/messages';
import { StatusScreen } from './StatusScreen';
import { widgets } from './widgets';

type Screen = { ok: true; layout: LayoutDocument; runtime: OwnedPageRuntime } | { ok: false; message: string } | null;

/**
 * A route whose screen is a server layout. As soon as the layout is checked, its page runtime
 * starts loading the data while the widget chunks load, so the two waits overlap.
 */
export function LayoutRoute({ layoutName, toasts }: { layoutName: string; toasts: ToastStore }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [screen, setScreen] = useState<Screen>(null);

  // The first location's screen was started before React (firstScreen.ts): adopted, not redone.
  const first = useMemo(() => firstScreenFor(layoutName, location.key), [layoutName, location.key]);
  const env = useMemo(
    () => first?.env ?? createRuntimeEnv({ navigate: (path, options) => navigate(path, options), toasts, layoutId: layoutName }),
    // A new env per location: its query (session parameters) is the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layoutName, location.key, toasts, first],
  );
  useEffect(() => first?.connect((path, options) => void navigate(path, options)), [first, navigate]);

  useEffect(() => {
    const controller = new AbortController();
    let runtime: OwnedPageRuntime | null = null;
    setScreen(null);
    const startEarly = (doc: LayoutDocument) => {
      runtime = createPageRuntime(doc, env);
      runtime.start();
    };
    // Retry (attempt > 0) always starts afresh.
    const adopted = attempt === 0 && first?.env === env ? first : null;
    runtime = adopted?.runtime() ?? null;
    runtime?.start(); // a StrictMode remount: the lifetime goes on
    const loading = adopted ? adopted.load : loadLayout(layoutName, controller.signal, startEarly);
    void loading.then(async (result) => {
      if (controller.signal.aborted) return;
      if (adopted) runtime = adopted.runtime();
      if (!result.ok) {
        runtime?.end(); // the layout was refused after all: drop what it started
        return setScreen(result);
      }
      if (!runtime) startEarly(result.layout);
      if (!runtime) return;
      const widgetsLoaded = await result.widgets;
      if (controller.signal.aborted) return;
      setScreen(widgetsLoaded ? { ok: true, layout: result.layout, runtime } : { ok: false, message: widgetsFailed() });
    });
    return () => {
      controller.abort();
      runtime?.end();
    };
  }, [layoutName, attempt, env, first]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // After an in-app navigation this component is reused: until the effect has loaded the new
  // screen, the old one (made for the previous location) must not mount again, or its data
  // sources would be re-sent with the new page's query.
  if (!screen || (screen.ok && screen.runtime.env !== env)) return <StatusScreen kind="loading" message={msg('common.loading')} />;
  if (!screen.ok) return <StatusScreen kind="error" message={screen.message} onRetry={retry} />;
  return <Page key={location.key} layout={screen.layout} env={env} runtime={screen.runtime} widgets={widgets} />;
}
