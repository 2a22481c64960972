import type { PageStore } from '@kopa/runtime';

/** Spec section 9: the on-screen keyboard is taken as open when it shrinks the viewport by more than this. */
export const KEYBOARD_THRESHOLD_PX = 60;

/**
 * Keeps screen.keyboardOpen in the page store: true while the visible height is more than 60 px
 * below the tallest height seen (the keyboard takes the difference). Returns the cleanup.
 */
export function watchKeyboard(store: PageStore, win: Window = window): () => void {
  const viewport = win.visualViewport;
  const height = () => viewport?.height ?? win.innerHeight;
  // The starting height from innerHeight: with no keyboard open it is the visible height, and
  // unlike visualViewport.height it does not force a layout while the page is still being built
  // (about 60 ms on a slow phone's first screen). Resize events read the viewport.
  let tallest = win.innerHeight;
  const update = () => {
    const h = height();
    if (h > tallest) tallest = h;
    const open = tallest - h > KEYBOARD_THRESHOLD_PX;
    if (store.getSnapshot().screen.keyboardOpen !== open) {
      store.update((d) => {
        d.screen.keyboardOpen = open;
      });
    }
  };
  const target: EventTarget = viewport ?? win;
  target.addEventListener('resize', update);
  return () => target.removeEventListener('resize', update);
}
