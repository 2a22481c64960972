import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { pushModal } from './modalStack';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && !el.hidden,
  );
}

/**
 * While the dialog is mounted: the page behind is inert, focus starts on its first control (or
 * on the dialog itself when it has none, so a screen reader reads its name), and on unmount focus
 * goes back to what had it before (the button that opened it), if that is still on the page.
 * Returns the keydown handler that keeps Tab inside and sends Escape to onEscape.
 */
export function useModalFocus(
  overlayRef: RefObject<HTMLElement | null>,
  dialogRef: RefObject<HTMLElement | null>,
  onEscape: (() => void) | null,
): (event: KeyboardEvent<HTMLElement>) => void {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    const overlay = overlayRef.current;
    const dialog = dialogRef.current;
    if (!overlay || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const releaseModal = pushModal(overlay);
    (focusables(dialog)[0] ?? dialog).focus();
    return () => {
      releaseModal();
      // The opener is inert until releaseModal ran, so focus can only go back after it.
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [overlayRef, dialogRef]);

  return (event) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      if (!escapeRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      escapeRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(dialog);
    if (items.length === 0) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    // The overlay and the dialog box take focus when tapped outside a control (tabIndex -1).
    if (
      event.shiftKey &&
      (active === first || active === dialog || active === overlayRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (
      !event.shiftKey &&
      (active === last || active === dialog || active === overlayRef.current)
    ) {
      event.preventDefault();
      first.focus();
    }
  };
}
