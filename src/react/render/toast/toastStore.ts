/**
 * Toasts (spec section 9): 3 s by default, 2 s for info; a duration of 300 ms or less falls
 * back to the default. A loading toast stays until its close function is called. One toast at
 * a time: a new one replaces the old, as on the original app.
 */
export const TOAST_DEFAULT_MS = 3000;
export const TOAST_INFO_MS = 2000;
export const TOAST_MIN_MS = 300;

export interface ToastItem {
  id: number;
  message: string;
  kind: 'default' | 'info' | 'loading';
}

export function toastDuration(kind: ToastItem['kind'], duration?: number): number | null {
  if (kind === 'loading') return null;
  if (duration !== undefined && duration > TOAST_MIN_MS) return duration;
  return kind === 'info' && duration === undefined ? TOAST_INFO_MS : TOAST_DEFAULT_MS;
}

export interface ToastStore {
  show(message: string, kind?: ToastItem['kind'], duration?: number): () => void;
  dismiss(id?: number): void;
  getSnapshot(): ToastItem | null;
  subscribe(listener: () => void): () => void;
}

export function createToastStore(): ToastStore {
  let current: ToastItem | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const dismiss = (id?: number) => {
    if (!current || (id !== undefined && current.id !== id)) return;
    clearTimeout(timer);
    current = null;
    emit();
  };
  return {
    show(message, kind = 'default', duration) {
      clearTimeout(timer);
      const id = nextId++;
      current = { id, message, kind };
      const ms = toastDuration(kind, duration);
      if (ms !== null) timer = setTimeout(() => dismiss(id), ms);
      emit();
      return () => dismiss(id);
    },
    dismiss,
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
