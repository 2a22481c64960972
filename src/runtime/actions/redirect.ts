import { textIn } from './resolveIn';
import { msg } from '@kopa/format';
import type { ActionHandler } from './types';

/** Leaves for a link only after the allowlist check (SECURITY 11, 12); refusals are reported. */
export const redirectAction: ActionHandler<'redirect'> = async (action, ctx) => {
  const { env } = ctx.runtime;
  const raw = textIn(ctx, action.url, 'url');
  const checked = env.checkUrl(raw, ctx.runtime.urlSite(`${ctx.pointer}/url`));
  if (!checked.ok) {
    env.report({
      pointer: `${ctx.pointer}/url`,
      message: `Refused link: ${checked.reason}`,
      kind: 'redirect',
    });
    env.toast(msg('common.linkRefused'), { kind: 'info' });
    return 'stop';
  }
  if (checked.external) env.leave(checked.url, { replace: action.replace === true });
  else env.navigate(checked.url, { replace: action.replace === true });
  return 'continue';
};
