/**
 * The studio's selection inside its preview: the node at the pointer the studio
 * selected is outlined and scrolled into view. The shell turns the marks on for an operator's
 * preview page only and passes the studio's messages on (src/app/shell/previewMode.ts); on a
 * borrower's page they stay off and nodes render exactly as before.
 */
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';

let selected: string | null = null;
const listeners = new Set<() => void>();
let enabled = false;

/** True once the shell has turned the marks on (a preview page). */
export const previewMarksOn = () => enabled;

export function enablePreviewMarks(): void {
  enabled = true;
}

/** The studio selected the node at `pointer` (null: none). */
export function selectInPreview(pointer: string | null): void {
  selected = pointer;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True when this node is the studio's selection (always false outside a preview). */
function useSelected(pointer: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => selected === pointer,
    () => false,
  );
}

/** Wraps the selected node in a box-less element whose first child gets the outline. */
export function PreviewMark({ pointer, children }: { pointer: string; children: ReactNode }) {
  const isSelected = useSelected(pointer);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current?.firstElementChild;
    if (!isSelected || !(el instanceof HTMLElement)) return;
    // Set through the CSSOM: the page's CSP allows no inline style attribute.
    el.style.outline = '3px solid #e8590c';
    el.style.outlineOffset = '2px';
    el.scrollIntoView({ block: 'center' });
    return () => {
      el.style.outline = '';
      el.style.outlineOffset = '';
    };
  }, [isSelected]);
  if (!isSelected) return children;
  return (
    <div ref={ref} data-kopa-selected={pointer} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
