import { paramsIn } from './resolveIn';
import type { ActionHandler } from './types';

export const bridgeAction: ActionHandler<'bridge'> = async (action, ctx) => {
  const { env } = ctx.runtime;
  const outcome = await env.bridge(action.action, paramsIn(ctx, action.args, 'args'));
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
