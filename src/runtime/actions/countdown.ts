import { parseStatePath, setAtPathDraft } from '@kopa/expr';
import type { PageRuntime } from '../pageRuntime';
import type { ActionHandler } from './types';

/** Running countdowns per page and state path; restarting one replaces it. */
const running = new WeakMap<PageRuntime, Map<string, ReturnType<typeof setInterval>>>();

export const countdownAction: ActionHandler<'countdown'> = async (action, ctx) => {
  const { runtime } = ctx;
  const path = parseStatePath(action.path);
  if (!path.ok) {
    runtime.env.report({ pointer: `${ctx.pointer}/path`, message: path.error, kind: 'state-path' });
    return 'stop';
  }
  const timers = running.get(runtime) ?? new Map<string, ReturnType<typeof setInterval>>();
  running.set(runtime, timers);
  const previous = timers.get(action.path);
  if (previous !== undefined) clearInterval(previous);
  timers.delete(action.path);

  let left = action.seconds;
  const write = (value: number) =>
    runtime.store.update((d) => setAtPathDraft(d.state, path.segments, value));
  write(left);
  if (left <= 0) return 'continue';
  const signal = runtime.signal;
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    left -= 1;
    write(left);
    if (left <= 0) {
      clearInterval(timer);
      timers.delete(action.path);
      signal.removeEventListener('abort', stop);
    }
  }, 1000);
  timers.set(action.path, timer);
  signal.addEventListener('abort', stop, { once: true });
  return 'continue';
};
