export type PullPhase = 'idle' | 'pull' | 'release' | 'loading' | 'finish';

/** Spec section 9: pull to refresh constants. */
const PULL = Object.freeze({
  /** Offset (px) past which letting go refreshes. */
  distance: 25,
  /** Furthest the content follows the finger (px). */
  damping: 100,
  /** Content moves this fraction of the finger's travel, so the pull feels heavy. */
  scale: 0.6,
  /** How long "finish" shows before the content springs back (ms). */
  releaseTimeout: 1000,
});

function pageScrollTop(): number {
  return window.scrollY || document.scrollingElement?.scrollTop || 0;
}

interface PullHost {
  signal: AbortSignal;
  phase(): PullPhase;
  setPhase(next: PullPhase, px: number): void;
  /** Runs once per completed pull. */
  refresh(): Promise<unknown>;
}

/**
 * The touch listeners of pull to refresh on `root` (pull, release, loading, finish); returns the
 * function that removes them. Kept apart from PullArea so the gesture loads only where a page
 * or block refreshes.
 */
export function attachPullGesture(root: HTMLElement, host: PullHost): () => void {
  let startY: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const busy = () => host.phase() === 'loading' || host.phase() === 'finish';

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
      if (host.phase() !== 'idle') host.setPhase('idle', 0);
      return;
    }
    // Stops the browser's own overscroll bounce while we draw ours (needs passive: false).
    if (e.cancelable) e.preventDefault();
    const px = Math.min(dy * PULL.scale, PULL.damping);
    host.setPhase(px >= PULL.distance ? 'release' : 'pull', px);
  };
  const onEnd = () => {
    if (startY === null) return;
    startY = null;
    if (host.phase() !== 'release') {
      if (host.phase() === 'pull') host.setPhase('idle', 0);
      return;
    }
    host.setPhase('loading', PULL.distance);
    void host.refresh().finally(() => {
      if (host.signal.aborted) return;
      host.setPhase('finish', PULL.distance);
      timer = setTimeout(() => host.setPhase('idle', 0), PULL.releaseTimeout);
    });
  };
  const onAbort = () => clearTimeout(timer);

  root.addEventListener('touchstart', onStart, { passive: true });
  root.addEventListener('touchmove', onMove, { passive: false });
  root.addEventListener('touchend', onEnd);
  root.addEventListener('touchcancel', onEnd);
  host.signal.addEventListener('abort', onAbort);
  return () => {
    clearTimeout(timer);
    root.removeEventListener('touchstart', onStart);
    root.removeEventListener('touchmove', onMove);
    root.removeEventListener('touchend', onEnd);
    root.removeEventListener('touchcancel', onEnd);
    host.signal.removeEventListener('abort', onAbort);
  };
}
