import { useCallback, useEffect, useRef, useState } from 'react';

/** Lists longer than this are windowed; shorter ones render every row (no wrappers, no spacers). */
export const WINDOW_FROM = 60;
/** Row height assumed until a rendered row has been measured (a two-line installment row). */
export const ESTIMATED_ROW_PX = 56;
/** Rows kept rendered above and below the screen, so a scroll or a Tab never meets an empty gap. */
const OVERSCAN = 10;
/** Window edges move in steps of this many rows: scrolling re-renders every few rows, not every pixel. */
const STEP = 8;

export interface RowWindow {
  /** First and one-past-last row rendered in the window. */
  start: number;
  end: number;
  /** Height of one row including the gap after it (measured). */
  pitch: number;
}

/**
 * The rows of the list that are on or near the screen: true windowing (1000 rows cost
 * 33 MB of heap). The list scrolls with the page (or any scrolling ancestor); its place on the
 * screen is read from getBoundingClientRect on scroll and resize, the row height is measured
 * from the rendered rows after each render (the estimate only serves the first one). The data
 * stays whole: totals, select all and conditions read the list, never the DOM.
 */
export function useWindowedRows(
  total: number,
  enabled: boolean,
): { window: RowWindow; listRef: (el: HTMLElement | null) => void; measure: () => void } {
  const [win, setWin] = useState<RowWindow>(() => ({
    start: 0,
    end: Math.min(total, firstEnd(ESTIMATED_ROW_PX)),
    pitch: ESTIMATED_ROW_PX,
  }));
  const el = useRef<HTMLElement | null>(null);
  const pitch = useRef(ESTIMATED_ROW_PX);
  const frame = useRef(0);

  const update = useCallback(() => {
    frame.current = 0;
    const list = el.current;
    if (!list) return;
    const top = list.getBoundingClientRect().top;
    const p = pitch.current;
    const first = Math.floor(Math.max(0, -top) / p);
    const last = Math.ceil(Math.max(0, (window.innerHeight || 800) - top) / p);
    const start = Math.max(0, Math.floor((first - OVERSCAN) / STEP) * STEP);
    const end = Math.min(total, Math.max(start + 1, Math.ceil((last + OVERSCAN) / STEP) * STEP));
    setWin((w) =>
      w.start === start && w.end === end && w.pitch === p ? w : { start, end, pitch: p },
    );
  }, [total]);

  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(update);
  }, [update]);

  useEffect(() => {
    if (!enabled) return undefined;
    // The list's place is read in the next frame, not in React's commit: reading layout there would
    // lay the half-built page out (~10 ms for the installment screen on a desktop core) before the
    // browser's own layout, which then does it again. The first render's estimated window covers
    // the screen from the top, so nothing is missing meanwhile.
    schedule();
    // Capture: scroll events do not bubble, but a capturing listener on window sees a scrolling
    // ancestor's too, so the list also works inside a scrolled container.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame.current !== 0) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [enabled, update, schedule]);

  /** After a render: the real row pitch from the rows on screen (first to last rendered row). */
  const measureNow = useCallback(() => {
    const rows = el.current?.querySelectorAll<HTMLElement>(':scope > [data-row-index]');
    if (!rows || rows.length < 2) return;
    const a = rows[0] as HTMLElement;
    const b = rows[rows.length - 1] as HTMLElement;
    const span = Number(b.dataset.rowIndex) - Number(a.dataset.rowIndex);
    const measured =
      span > 0 ? (b.getBoundingClientRect().top - a.getBoundingClientRect().top) / span : 0;
    // No layout (jsdom) measures 0: keep the estimate.
    if (measured > 1 && Math.abs(measured - pitch.current) > 0.5) {
      pitch.current = measured;
      update();
    }
  }, [update]);

  // In the next frame, for the same reason as the list's place (one frame is never noticed: the
  // rows and spacers are drawn at the estimate until then).
  const measureFrame = useRef(0);
  const measure = useCallback(() => {
    if (measureFrame.current !== 0) return;
    measureFrame.current = requestAnimationFrame(() => {
      measureFrame.current = 0;
      measureNow();
    });
  }, [measureNow]);
  useEffect(
    () => () => {
      if (measureFrame.current !== 0) cancelAnimationFrame(measureFrame.current);
      measureFrame.current = 0;
    },
    [],
  );

  const listRef = useCallback((node: HTMLElement | null) => {
    el.current = node;
  }, []);
  return { window: win, listRef, measure };
}

function firstEnd(p: number): number {
  const screen = typeof window === 'undefined' ? 800 : window.innerHeight || 800;
  return Math.ceil((Math.ceil(screen / p) + OVERSCAN) / STEP) * STEP;
}
