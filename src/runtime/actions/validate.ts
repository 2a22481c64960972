import { fieldsToCheck } from './fieldRegistry';
import type { ActionHandler } from './types';

/**
 * Checks the input rules of the named fields (or of a form's fields). The first failing rule's
 * message is shown as spec 5 shows it (a toast, or inline under each failing field); then
 * onInvalid runs and this list stops, so a request never leaves with a value the page refuses.
 */
export const validateAction: ActionHandler<'validate'> = async (action, ctx) => {
  const { runtime } = ctx;
  const fields = fieldsToCheck(runtime, action.fields, action.form);
  const show = action.show ?? 'toast';
  let first: { message: string; field: string | undefined } | null = null;
  for (const field of fields) {
    const message = field.check();
    if (show === 'inline') field.showError(message);
    if (message === null || first) continue;
    first = { message, field: field.id };
    if (show === 'inline') field.focus();
    // Toast and none need only the first failure; inline marks every failing field.
    if (show !== 'inline') break;
  }
  if (!first) return 'continue';
  if (show === 'toast') runtime.env.toast(first.message, { kind: 'default' });
  if (action.onInvalid)
    await ctx.runNested(action.onInvalid, `${ctx.pointer}/onInvalid`, {
      message: first.message,
      field: first.field ?? '',
    });
  return 'stop';
};
