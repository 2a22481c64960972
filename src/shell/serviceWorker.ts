import { whenIdle } from './whenIdle';

/**
 * Registers the service worker (src/sw/sw.js, built to /sw.js): repeat opens paint from its
 * cache without a round trip. Registered once the page has loaded and the main thread is idle,
 * so its precaching never competes with the first screen's own requests and rendering.
 */
export function registerServiceWorker(win: Window): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  // Service workers need a secure context (https, or localhost in development).
  if (!container || !win.isSecureContext) return;
  const register = () => {
    // updateViaCache 'none': a deploy is noticed at the next open, whatever the HTTP cache holds.
    container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // No worker (private mode, a webview without support): the app works without it.
    });
  };
  const registerWhenIdle = () => whenIdle(win, register);
  if (win.document.readyState === 'complete') registerWhenIdle();
  else win.addEventListener('load', registerWhenIdle, { once: true });
}

/** Which build this page runs (set by the build from VITE_KOPA_BUILD): support and deploy checks read it. */
export function markBuild(doc: Document): void {
  const build = import.meta.env.VITE_KOPA_BUILD as string | undefined;
  if (build) doc.documentElement.dataset.build = build;
}
