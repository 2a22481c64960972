import { useEffect, useRef, useState } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { usePageRuntime } from '../../render/contexts';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './pull-refresh.css';

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

function pageScrollTop(): number {
  return window.scrollY || document.scrollingElement?.scrollTop || 0;
}

export default function PullRefresh({ node, pointer }: WidgetProps<NodeOf<'pull-refresh'>>) {
  const { signal } = usePageRuntime();
  const { run } = useActionRunner(pointer);
  const texts: Record<Exclude<PullPhase, 'idle'>, string> = {
    pull: useText(node.pullText ?? msg('widget.pullToRefresh'), `${pointer}/pullText`),
    release: useText(node.releaseText ?? msg('widget.releaseToRefresh'), `${pointer}/releaseText`),
    loading: useText(node.loadingText ?? msg('common.loading'), `${pointer}/loadingText`),
    finish: useText(node.finishText ?? msg('widget.refreshed'), `${pointer}/finishText`),
  };
  const [phase, setPhaseState] = useState<PullPhase>('idle');
  const [offset, setOffset] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  // The native listeners are attached once; they read the latest phase and runner from refs.
  const phaseRef = useRef<PullPhase>('idle');
  const runRef = useRef({ run, onRefresh: node.onRefresh });
  useEffect(() => {
    runRef.current = { run, onRefresh: node.onRefresh };
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
      const { run: runActions, onRefresh } = runRef.current;
      void runActions(onRefresh, 'onRefresh').finally(() => {
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
    <div
      ref={rootRef}
      id={node.id}
      className={styleClass(node.style, 'k-pull-refresh')}
      data-phase={phase}
    >
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
      <div className="k-pull-refresh__body">
        <Nodes nodes={node.children} pointer={`${pointer}/children`} />
      </div>
    </div>
  );
}
