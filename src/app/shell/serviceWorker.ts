import { whenIdle } from './whenIdle';

/**
 * Registers the service worker (src/app/sw/sw.js, built to /sw.js): repeat opens paint from its
 * cache after one conditional request (a 304 when the layout is unchanged). Registered once the
 * page has loaded, `after` says so (the app: once the first screen is up with its data,
 * afterFirstScreen.ts) and the main thread is idle,
 * so its precaching never competes with the first screen's own requests and rendering. "Loaded"
 * alone was not enough: the load event does not wait for the screen's data, so the worker's
 * install (the whole build, some 70 files) ran while that data was being rendered.
 */
export function registerServiceWorker(
  win: Window,
  after: (task: () => void) => void = (task) => whenIdle(win, task),
): void {
  // Service workers need a secure context (https, or localhost in development). `in`, not a read:
  // reading `navigator.serviceWorker` makes the browser set up the page's worker container, native
  // work the first screen need not wait for (that line sampled ~1.5 ms at 4x in npm run bench:profile).
  // Guarded too: a Firefox refusing the container has been seen to throw on this check already.
  try {
    if (!('serviceWorker' in win.navigator) || !win.isSecureContext) return;
  } catch {
    return;
  }
  const register = () => {
    let container: ServiceWorkerContainer | undefined;
    try {
      container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
    } catch {
      // Some browsers refuse the container itself (Firefox set to clear site data when it closes:
      // SecurityError, reported against several service-worker helpers): the app works without it.
      return;
    }
    if (!container) return;
    // A returning borrower: a worker from an earlier open controls this page.
    const returning = container.controller !== null;
    // updateViaCache 'none': a deploy is noticed at the next open, whatever the HTTP cache holds.
    container
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then((registration) => {
        // For a registration that exists, register() checks nothing, and the browser's own check
        // after a navigation is put off while the worker answers the page's requests (the
        // conditional page check and the screen's code): a new build could wait until some
        // later open. Asked now, the new build's worker installs during this open, so the next
        // open runs the new deploy.
        if (returning) return registration.update();
      })
      .catch(() => {
        // No worker (private mode, a webview without support), or offline: the app works without it.
      });
  };
  // `after` runs the task in idle time (afterFirstScreen does, and so does the default).
  const registerWhenIdle = () => after(register);
  if (win.document.readyState === 'complete') registerWhenIdle();
  else win.addEventListener('load', registerWhenIdle, { once: true });
}

/** Which build this page runs (set by the build from VITE_KOPA_BUILD): support and deploy checks read it. */
export function markBuild(doc: Document): void {
  const build = import.meta.env.VITE_KOPA_BUILD as string | undefined;
  if (build) doc.documentElement.dataset.build = build;
}

/**
 * The borrower's session ended (an API call answered 401): the worker's cached pages go, so the
 * next person on this phone is never shown a page kept from this one. The worker is
 * told, so that a copy it is still fetching is not stored afterwards; the page also deletes the
 * caches itself, for a page no worker controls yet (its first open) or a worker that is asleep.
 */
export function forgetCachedPages(win: Window): void {
  try {
    if (!('serviceWorker' in win.navigator) || !win.isSecureContext) return;
    win.navigator.serviceWorker.controller?.postMessage({ type: 'kopa:session-ended' });
    void win.caches
      ?.keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('kopa-shell-')).map((n) => win.caches.delete(n)),
        ),
      )
      .catch(() => undefined);
  } catch {
    // No worker container (see registerServiceWorker): nothing was cached.
  }
}
