/** The page's location hash, kept current: the studio's routes (#/, #/layouts/<name>). */
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useHash(): string {
  return useSyncExternalStore(subscribe, () => location.hash);
}
