import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePageRuntime } from './contexts';

import type { PullPhase } from './pullGesture';

export type PullTexts = Record<Exclude<PullPhase, 'idle'>, string>;

interface PullAreaProps {
  /** Runs once per completed pull; the indicator says loading until it settles. */
  onRefresh: () => Promise<unknown>;
  texts: PullTexts;
  children: ReactNode;
  id?: string | undefined;
  className: string;
}

/**
 * The pull-to-refresh gesture (spec 4 "Pull to refresh": pull, release, loading, finish) around
 * its children: touch only, from the very top of the page, with a visible status line. Used by
 * the pull-refresh widget and by a layout's top-level onRefresh (the whole page).
 */
export function PullArea({ onRefresh, texts, children, id, className }: PullAreaProps) {
  const { signal } = usePageRuntime();
  const [phase, setPhaseState] = useState<PullPhase>('idle');
  const [offset, setOffset] = useState(0);
  // Set once the gesture listens (its code is loaded apart): data-pull="ready" on the root.
  const [ready, setReady] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // The native listeners are attached once; they read the latest phase and callback from refs.
  const phaseRef = useRef<PullPhase>('idle');
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let detach: (() => void) | undefined;
    let gone = false;
    // The gesture's code is a chunk of its own: only pages that refresh load it.
    void import('./pullGesture').then(({ attachPullGesture }) => {
      if (gone) return;
      detach = attachPullGesture(root, {
        signal,
        phase: () => phaseRef.current,
        setPhase: (next, px) => {
          phaseRef.current = next;
          setPhaseState(next);
          setOffset(px);
        },
        refresh: () => refreshRef.current(),
      });
      setReady(true);
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, [signal]);

  // A polite live region without the status role: the page's own status (toasts, states) stays
  // the one role=status a reader or a test finds.
  return (
    <div
      ref={rootRef}
      id={id}
      className={className}
      data-phase={phase}
      data-pull={ready ? 'ready' : undefined}
    >
      <div className="k-pull-refresh__head" style={{ height: offset }} aria-live="polite">
        {phase === 'idle' ? null : (
          <span className="k-pull-refresh__text">
            {phase === 'loading' ? <span className="k-spinner" aria-hidden="true" /> : null}
            {texts[phase]}
          </span>
        )}
      </div>
      <div className="k-pull-refresh__body">{children}</div>
    </div>
  );
}
