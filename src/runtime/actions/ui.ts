import { parseStatePath, setAtPathDraft } from '@kopa/expr';
import { conditionIn, resolveIn, textIn } from './resolveIn';
import { msg } from '@kopa/format';
import type { ActionHandler } from './types';

export const toastAction: ActionHandler<'toast'> = async (action, ctx) => {
  ctx.runtime.env.toast(textIn(ctx, action.message, 'message'), {
    kind: action.kind ?? 'default',
    duration: action.duration,
  });
  return 'continue';
};

export const openDialogAction: ActionHandler<'openDialog'> = async (action, ctx) => {
  ctx.runtime.store.update((d) => {
    d.dialogs[action.dialog] = true;
  });
  return 'continue';
};

export const closeDialogAction: ActionHandler<'closeDialog'> = async (action, ctx) => {
  ctx.runtime.store.update((d) => {
    d.dialogs[action.dialog] = false;
  });
  return 'continue';
};

export const setStateAction: ActionHandler<'setState'> = async (action, ctx) => {
  const path = parseStatePath(action.path);
  if (!path.ok) {
    ctx.runtime.env.report({
      pointer: `${ctx.pointer}/path`,
      message: path.error,
      kind: 'state-path',
    });
    return 'stop';
  }
  const value = resolveIn(ctx, action.value, 'value');
  ctx.runtime.store.update((d) => setAtPathDraft(d.state, path.segments, value));
  return 'continue';
};

export const copyAction: ActionHandler<'copy'> = async (action, ctx) => {
  const { env } = ctx.runtime;
  const copied = await env.copyText(textIn(ctx, action.text, 'text'));
  env.toast(
    copied
      ? textIn(ctx, action.successMessage ?? msg('common.copySuccess'), 'successMessage')
      : msg('common.copyFailed'),
    { kind: 'info' },
  );
  return 'continue';
};

export const ifAction: ActionHandler<'if'> = async (action, ctx) =>
  conditionIn(ctx, action.when, 'when')
    ? ctx.runNested(action.then, `${ctx.pointer}/then`)
    : ctx.runNested(action.else, `${ctx.pointer}/else`);

export const reloadAction: ActionHandler<'reload'> = async (action, ctx) =>
  (await ctx.runtime.reloadSource(action.source)) ? 'continue' : 'stop';

export const waitAction: ActionHandler<'wait'> = (action, ctx) =>
  new Promise((resolve) => {
    const { signal } = ctx.runtime;
    if (signal.aborted) return resolve('stop');
    const onAbort = () => {
      clearTimeout(timer);
      resolve('stop');
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(signal.aborted ? 'stop' : 'continue');
    }, action.ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
