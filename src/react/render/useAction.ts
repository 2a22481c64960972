import { useCallback, useRef, useState } from 'react';
import type { Action } from '@kopa/contract';
import { runActions, withLocals } from '@kopa/runtime';
import type { ActionOutcome } from '@kopa/runtime';
import { usePageRuntime } from './contexts';
import { useScopeReader } from './useBinding';

export interface ActionRunner {
  /** Runs the list; a second call while one runs is ignored (one tap, one request). */
  run(
    actions: readonly Action[] | undefined,
    field: string,
    locals?: Record<string, unknown>,
  ): Promise<ActionOutcome>;
  pending: boolean;
}

export function useActionRunner(pointer: string): ActionRunner {
  const runtime = usePageRuntime();
  const readScope = useScopeReader();
  // A ref, not state: a double-click lands twice in the same tick, before any re-render.
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback<ActionRunner['run']>(
    async (actions, field, locals) => {
      if (!actions || actions.length === 0) return 'continue';
      if (busy.current) return 'stop';
      busy.current = true;
      setPending(true);
      const read = locals ? withLocals(readScope, locals) : readScope;
      try {
        return await runActions(actions, runtime, read, `${pointer}/${field}`);
      } finally {
        busy.current = false;
        if (!runtime.signal.aborted) setPending(false);
      }
    },
    [runtime, readScope, pointer],
  );
  return { run, pending };
}
