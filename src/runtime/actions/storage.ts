import { resolveIn } from './resolveIn';
import type { ActionHandler } from './types';

/**
 * Keeps a value on the device or removes it (read back as local.<key>). A refused write is
 * reported by the page storage and the list goes on: losing a draft must not block a payment.
 */
export const storageAction: ActionHandler<'storage'> = async (action, ctx) => {
  const storage = ctx.runtime.storage;
  if (action.op === 'remove') storage.remove(action.key, ctx.pointer);
  else storage.set(action.key, resolveIn(ctx, action.value, 'value'), ctx.pointer);
  return 'continue';
};
