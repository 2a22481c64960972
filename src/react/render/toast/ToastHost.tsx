import { useSyncExternalStore } from 'react';
import type { ToastStore } from './toastStore';

/** The overlay; text only (a toast never renders HTML), closes on tap. */
export function ToastHost({ store }: { store: ToastStore }) {
  const toast = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  if (!toast) return null;
  return (
    <div
      className={`k-toast k-toast--${toast.kind}`}
      role="status"
      aria-live="polite"
      onClick={() => store.dismiss(toast.id)}
    >
      {toast.kind === 'loading' ? <span className="k-spinner" aria-hidden="true" /> : null}
      <span className="k-toast__text">{toast.message}</span>
    </div>
  );
}
