import { paramsIn, textIn } from './resolveIn';
import { msg } from '@kopa/format';
import type { ActionHandler } from './types';

function toQueryString(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    q.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q.toString();
}

/** Joins the common session query with extra parameters; extras win over carried values. */
export function joinQuery(common: string, extra: Record<string, unknown>): string {
  const merged = new URLSearchParams(common);
  for (const [k, v] of new URLSearchParams(toQueryString(extra))) merged.set(k, v);
  return merged.toString();
}

export const navigateAction: ActionHandler<'navigate'> = async (action, ctx) => {
  const { env } = ctx.runtime;
  const to = textIn(ctx, action.to, 'to');
  const path = to.startsWith('/') ? to : env.routePath(to);
  if (!path || path.startsWith('//') || path.startsWith('/\\')) {
    env.report({
      pointer: `${ctx.pointer}/to`,
      message: `Unknown route "${to}"`,
      kind: 'navigate',
    });
    env.toast(msg('common.pageUnavailable'), { kind: 'info' });
    return 'stop';
  }
  const [pathname, ownQuery = ''] = path.split('?');
  const extra = paramsIn(ctx, action.query, 'query');
  const base =
    action.carryQuery === false
      ? ownQuery
      : joinQuery(env.commonQuery(), Object.fromEntries(new URLSearchParams(ownQuery)));
  const query = joinQuery(base, extra);
  env.navigate(query ? `${pathname}?${query}` : (pathname ?? '/'), {
    replace: action.replace === true,
  });
  return 'continue';
};
