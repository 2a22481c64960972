import { createContext, useContext } from 'react';
import type { LocalScope, PageRuntime } from '../runtime/pageRuntime';

// Widgets read these types beside the hooks; they are defined in the runtime, below actions.
export type { LocalScope, PageRuntime } from '../runtime/pageRuntime';

export const RuntimeContext = createContext<PageRuntime | null>(null);

export function usePageRuntime(): PageRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('usePageRuntime outside a page');
  return runtime;
}

export const LocalScopeContext = createContext<LocalScope>(Object.freeze({}));
