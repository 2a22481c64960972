/*
 * Makes everything behind the top-most open dialog inert (not focusable, not tappable, hidden
 * from screen readers). Dialogs render in place inside the page, so "behind" is: every sibling of
 * the dialog's overlay and of each of its ancestors up to <body>. The page content changes while
 * a dialog is open (a source finishes loading, a toast appears), so the ancestors are watched and
 * new siblings are made inert as well. Only the top dialog is live: a dialog opened from another
 * one makes the first inert until it closes.
 */

const stack: HTMLElement[] = [];
/** Elements this module made inert; never touches an inert attribute set by someone else. */
const ours = new Set<Element>();
let observer: MutationObserver | null = null;

/** Live regions (toasts) stay announced: inert would silence them. Other dialogs are skipped so
 * that a dialog opened later is not made inert by one below it (it becomes the top instead). */
function keepLive(el: Element, top: HTMLElement): boolean {
  if (
    el.hasAttribute('aria-live') ||
    el.getAttribute('role') === 'status' ||
    el.getAttribute('role') === 'alert'
  )
    return true;
  return el !== top && stack.includes(el as HTMLElement);
}

function release(): void {
  for (const el of ours) el.removeAttribute('inert');
  ours.clear();
}

function apply(): void {
  release();
  observer?.disconnect();
  const top = stack[stack.length - 1];
  if (!top) return;
  const ancestors: Element[] = [];
  for (
    let node: Element | null = top;
    node && node !== document.documentElement;
    node = node.parentElement
  ) {
    const parent: Element | null = node.parentElement;
    if (!parent) break;
    ancestors.push(parent);
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || sibling.hasAttribute('inert') || keepLive(sibling, top)) continue;
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
      sibling.setAttribute('inert', '');
      ours.add(sibling);
    }
  }
  if (typeof MutationObserver === 'undefined') return;
  observer ??= new MutationObserver(() => apply());
  for (const parent of ancestors) observer.observe(parent, { childList: true });
}

/** Registers an open dialog's overlay as the top-most modal; the returned function removes it. */
export function pushModal(overlay: HTMLElement): () => void {
  stack.push(overlay);
  apply();
  return () => {
    const i = stack.indexOf(overlay);
    if (i >= 0) stack.splice(i, 1);
    apply();
  };
}
