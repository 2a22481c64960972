import { createContext, useContext } from 'react';
import type { LocalScope, PageRuntime } from '../runtime/pageRuntime';
import type { WidgetSource } from './widgetCache';

// Widgets read these types beside the hooks; they are defined in the runtime, below actions.
export type { LocalScope, PageRuntime } from '../runtime/pageRuntime';

export const RuntimeContext = createContext<PageRuntime | null>(null);

export function usePageRuntime(): PageRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('usePageRuntime outside a page');
  return runtime;
}

/**
 * The widgets the shell injected (Page provides them): NodeView looks each node's type up here.
 * Outside a Page there are none, and a node renders as its "not loaded" fallback.
 */
export const WidgetContext = createContext<WidgetSource | null>(null);

export const LocalScopeContext = createContext<LocalScope>(Object.freeze({}));
