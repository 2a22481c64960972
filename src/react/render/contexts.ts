import { createContext, useContext } from 'react';
import type { LocalScope, PageRuntime } from '@kopa/runtime';
import type { WidgetSource } from './widgetCache';

// Widgets read these types beside the hooks; they are defined in the runtime, below actions.
export type { LocalScope, PageRuntime } from '@kopa/runtime';

export const RuntimeContext = createContext<PageRuntime | null>(null);

export function usePageRuntime(): PageRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('usePageRuntime outside a page');
  return runtime;
}

/**
 * What every node needs from its page (Page provides it): the widgets the shell injected, looked
 * up by node type, and where a broken node is reported. Outside a Page there is none, and a node
 * renders as its "not loaded" fallback.
 */
export interface NodeEnv {
  widgets: WidgetSource;
  report: PageRuntime['env']['report'];
}
export const NodeEnvContext = createContext<NodeEnv | null>(null);

export const LocalScopeContext = createContext<LocalScope>(Object.freeze({}));
