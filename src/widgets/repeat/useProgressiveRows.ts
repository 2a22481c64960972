import { useCallback, useEffect, useRef, useState } from 'react';

/** Rows rendered at first: more than a phone screen holds several times over. */
export const FIRST_ROWS = 40;
/** Rows added each time the end of the rendered part comes near. */
export const MORE_ROWS = 60;
/** How far below the screen the end may be when more rows are added (scrolling never sees it). */
const AHEAD = '1200px 0px';

/**
 * Windowing for long lists (issue 10: a 1000-row installment list cost 33 MB of heap and 2.6x
 * the time of plain React): the first rows render at once and more are added as the borrower
 * scrolls towards the end, before it comes into view. The data stays whole (totals, select all
 * and conditions read the list, not the DOM); only DOM and component instances are deferred.
 * Without IntersectionObserver (old webviews, jsdom) every row renders, as before.
 * Returns how many rows to render and a ref for a sentinel placed after them.
 */
export function useProgressiveRows(total: number): { count: number; sentinel: (el: HTMLElement | null) => void } {
  const supported = typeof IntersectionObserver !== 'undefined';
  const [shown, setShown] = useState(FIRST_ROWS);
  const observer = useRef<IntersectionObserver | null>(null);
  const count = supported ? Math.min(total, shown) : total;

  // A new sentinel element after each growth: observing it reports at once whether it is still
  // near the screen (a fast scroll), so rows keep coming until the end is out of reach.
  const sentinel = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || !supported) return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown((n) => n + MORE_ROWS);
      },
      { rootMargin: AHEAD },
    );
    observer.current.observe(el);
  }, [supported]);

  useEffect(() => () => observer.current?.disconnect(), []);
  return { count, sentinel };
}
