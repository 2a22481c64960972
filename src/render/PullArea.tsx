import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePageRuntime } from './contexts';

/** Spec section 9: pull to refresh constants. */
export const PULL = Object.freeze({
  /** Offset (px) past which letting go refreshes. */
  distance: 25,
  /** Furthest the content follows the finger (px). */
  damping: 100,
  /** Content moves this fraction of the finger's travel, so the pull feels heavy. */
  scale: 0.6,
  /** How long "finish" shows before the content springs back (ms). */
  releaseTimeout: 1000,
});

export type PullPhase = 'idle' | 'pull' | 'release' | 'loading' | 'finish';
export type PullTexts = Record<Exclude<PullPhase, 'idle'>, string>;

function pageScrollTop(): number {
  return window.scrollY || document.scrollingElement?.scrollTop || 0;
}

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
    let startY: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const setPhase = (next: PullPhase, px: number) => {
      phaseRef.current = next;
      setPhaseState(next);
      setOffset(px);
    };
    const busy = () => phaseRef.current === 'loading' || phaseRef.current === 'finish';

    const onStart = (e: TouchEvent) => {
      // Only a pull that starts at the very top of the page refreshes; elsewhere it scrolls.
      if (busy() || pageScrollTop() > 0 || e.touches.length !== 1) return;
      startY = e.touches[0]?.clientY ?? null;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null || busy()) return;
      const y = e.touches[0]?.clientY;
      if (y === undefined) return;
      const dy = y - startY;
      if (dy <= 0) {
        if (phaseRef.current !== 'idle') setPhase('idle', 0);
        return;
      }
      // Stops the browser's own overscroll bounce while we draw ours (needs passive: false).
      if (e.cancelable) e.preventDefault();
      const px = Math.min(dy * PULL.scale, PULL.damping);
      setPhase(px >= PULL.distance ? 'release' : 'pull', px);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (phaseRef.current !== 'release') {
        if (phaseRef.current === 'pull') setPhase('idle', 0);
        return;
      }
      setPhase('loading', PULL.distance);
      void refreshRef.current().finally(() => {
        if (signal.aborted) return;
        setPhase('finish', PULL.distance);
        timer = setTimeout(() => setPhase('idle', 0), PULL.releaseTimeout);
      });
    };
    const onAbort = () => clearTimeout(timer);

    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    signal.addEventListener('abort', onAbort);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
      signal.removeEventListener('abort', onAbort);
    };
  }, [signal]);

  return (
    <div ref={rootRef} id={id} className={className} data-phase={phase}>
      <div
        className="k-pull-refresh__head"
        style={{ height: offset }}
        role="status"
        aria-live="polite"
      >
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
