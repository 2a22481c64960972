/**
 * Runs `task` once the main thread is idle (at the latest after `timeout` ms), for work that
 * must not compete with the first screen: the service worker's precaching, the validators and
 * the texts chunk that later screens need. Browsers without requestIdleCallback (old WebViews)
 * run it after `fallback` ms.
 */
export function whenIdle(win: Window, task: () => void, timeout = 5000, fallback = 1000): void {
  if (typeof win.requestIdleCallback === 'function')
    win.requestIdleCallback(() => task(), { timeout });
  else win.setTimeout(task, fallback);
}
