import { escapePointer } from '@kopa/contract';
import { paramsIn } from './resolveIn';
import type { ActionContext, ActionHandler } from './types';

/** The labels of the data each argument carries, by argument name: those with none left out. */
function argLabels(
  ctx: ActionContext,
  args: object | undefined,
): Record<string, readonly string[]> {
  // No prototype: an argument named __proto__ is one more key, not a prototype.
  const out = Object.create(null) as Record<string, readonly string[]>;
  for (const name of Object.keys(args ?? {})) {
    const { labels } = ctx.runtime.urlSite(`${ctx.pointer}/args/${escapePointer(name)}`);
    if (labels.length > 0) out[name] = labels;
  }
  return out;
}

export const bridgeAction: ActionHandler<'bridge'> = async (action, ctx) => {
  const { env } = ctx.runtime;
  const args = paramsIn(ctx, action.args, 'args');
  const outcome = await env.bridge(action.action, args, argLabels(ctx, action.args));
  if (!outcome.ok) {
    env.report({
      pointer: ctx.pointer,
      message: `Bridge ${action.action} refused: ${outcome.reason ?? ''}`,
      kind: 'bridge',
    });
    return 'stop';
  }
  return 'continue';
};

export const trackAction: ActionHandler<'track'> = async (action, ctx) => {
  // Tracking never blocks or fails a borrower's flow.
  void ctx.runtime.env.bridge('track', {
    event: action.event,
    params: paramsIn(ctx, action.params, 'params'),
  });
  return 'continue';
};
