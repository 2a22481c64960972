import type { Action } from '@kopa/contract';
import type { PageRuntime } from '../pageRuntime';

/** 'stop' ends the rest of the action list (a failed call, a refused link, a failed check). */
export type ActionOutcome = 'continue' | 'stop';

export interface ActionContext {
  runtime: PageRuntime;
  /** Reads the scope as it is now: later actions see what earlier ones wrote. */
  scope: () => Record<string, unknown>;
  /** JSON pointer of this action in the layout, for reports. */
  pointer: string;
  /** Runs a nested list (onSuccess, then/else) with extra local names. */
  runNested(
    actions: readonly Action[] | undefined,
    pointer: string,
    locals?: Record<string, unknown>,
  ): Promise<ActionOutcome>;
}

export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;

export type ActionHandler<T extends Action['type']> = (
  action: ActionOf<T>,
  ctx: ActionContext,
) => Promise<ActionOutcome>;
