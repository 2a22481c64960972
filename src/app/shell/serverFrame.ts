import { FRAME_ATTRIBUTE } from '@kopa/contract';
/**
 * The server paints the screen's frame (header, title, skeleton) just before #root, before any
 * script runs (server/page/appFrame.ts, server/page/appShell.ts). While React shows its loading state the
 * frame keeps only its header (the loading state, with its "Loading..." status, takes the
 * skeleton's place below it); when the page itself (or an error) is on screen the frame goes, in
 * the same frame: the header does not move. A page of an older server has the frame inside #root,
 * which React would empty: that frame is moved out first.
 */
export function keepServerFrame(root: HTMLElement): void {
  const before = root.previousElementSibling;
  const frame = before?.hasAttribute(FRAME_ATTRIBUTE)
    ? before
    : root.querySelector(`:scope > [${FRAME_ATTRIBUTE}]`);
  if (!frame) return;
  if (frame.parentElement === root) root.before(frame);
  const update = (observer: MutationObserver) => {
    if (root.childElementCount === 0) return;
    // In the observer's microtask: after React's commit, before the next paint.
    // A page's own loading state draws its header itself (src/react/render/PageState.tsx): then the
    // frame goes, as for the page; the shell's loading state (no header yet) keeps the frame's.
    if (root.querySelector('.k-state--loading') && !root.querySelector('.k-page-header')) {
      frame.classList.add('k-frame--header-only');
      return;
    }
    observer.disconnect();
    frame.remove();
  };
  const observer = new MutationObserver(() => update(observer));
  observer.observe(root, { childList: true, subtree: true });
}
