import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Page } from '../render/Page';
import type { ToastStore } from '../render/toast/toastStore';
import { createRuntimeEnv } from './createEnv';
import { loadLayout, type LayoutLoad } from './loadLayout';
import { StatusScreen } from './StatusScreen';

/** A route whose screen is a server layout: load it, then render it with a fresh page runtime. */
export function LayoutRoute({ layoutName, toasts }: { layoutName: string; toasts: ToastStore }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<LayoutLoad | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoad(null);
    void loadLayout(layoutName, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoad(result);
    });
    return () => controller.abort();
  }, [layoutName, attempt]);

  const env = useMemo(
    () => createRuntimeEnv({ navigate: (path, options) => navigate(path, options), toasts, layoutId: layoutName }),
    // A new env per location: its query (session parameters) is the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layoutName, location.key, toasts],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (!load) return <StatusScreen kind="loading" message="Loading..." />;
  if (!load.ok) return <StatusScreen kind="error" message={load.message} onRetry={retry} />;
  return <Page key={location.key} layout={load.layout} env={env} />;
}
