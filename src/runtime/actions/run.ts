import type { Action } from '@kopa/contract';
import type { PageRuntime } from '../pageRuntime';
import { actionRegistry } from './registry';
import { msg } from '@kopa/format';
import type { ActionContext, ActionHandler, ActionOutcome } from './types';

/**
 * Runs an action list in order. A thrown error (a bug, a hostile payload) becomes a toast and a
 * report, and stops this list only: the page keeps working (SECURITY 9).
 */
export async function runActions(
  actions: readonly Action[] | undefined,
  runtime: PageRuntime,
  readScope: () => Record<string, unknown>,
  pointer: string,
): Promise<ActionOutcome> {
  if (!actions) return 'continue';
  for (let i = 0; i < actions.length; i++) {
    if (runtime.signal.aborted) return 'stop';
    const action = actions[i];
    if (!action) continue;
    const here = `${pointer}/${i}`;
    const ctx: ActionContext = {
      runtime,
      scope: readScope,
      pointer: here,
      runNested: (nested, nestedPointer, locals) =>
        runActions(
          nested,
          runtime,
          locals ? withLocals(readScope, locals) : readScope,
          nestedPointer,
        ),
    };
    const handler = actionRegistry[action.type] as ActionHandler<Action['type']> | undefined;
    let outcome: ActionOutcome;
    try {
      if (!handler) throw new Error(`Unknown action type "${String(action.type)}"`);
      outcome = await handler(action as never, ctx);
    } catch (error) {
      runtime.env.report({
        pointer: here,
        message: error instanceof Error ? error.message : String(error),
        kind: 'action',
      });
      runtime.env.toast(msg('common.somethingWrong'), { kind: 'info' });
      return 'stop';
    }
    if (outcome === 'stop') return 'stop';
  }
  return 'continue';
}

/** A scope reader with extra local names (response, error, item...) on top of the page's. */
export function withLocals(
  read: () => Record<string, unknown>,
  locals: Record<string, unknown>,
): () => Record<string, unknown> {
  return () => {
    const scope = read();
    for (const key of Object.keys(locals)) scope[key] = locals[key];
    return scope;
  };
}
