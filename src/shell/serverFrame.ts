/**
 * The server paints the screen's frame (header, title, skeleton) inside #root before any script
 * runs (server/appFrame.ts). React empties #root when it mounts, so the frame moves out beside
 * #root first. While React shows its loading state the frame keeps only its header (the loading
 * state, with its "Loading..." status, takes the skeleton's place below it); when the page itself
 * (or an error) is on screen the frame goes, in the same frame: the header does not move.
 */
export function keepServerFrame(root: HTMLElement): void {
  const frame = root.querySelector(':scope > [data-kopa-frame]');
  if (!frame) return;
  root.before(frame);
  const update = (observer: MutationObserver) => {
    if (root.childElementCount === 0) return;
    // In the observer's microtask: after React's commit, before the next paint.
    // A page's own loading state draws its header itself (src/render/PageState.tsx): then the
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
