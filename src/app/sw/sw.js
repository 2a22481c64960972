/**
 * Kopa's service worker (copied to dist/sw.js by scripts/build/serviceWorker.ts, which puts the
 * build's manifest in self.__KOPA_BUILD__ above this text). Why and how: docs/decisions/018-performance.md,
 * "Repeat visits".
 *
 * - Hashed assets (the build's own JS and CSS): precached at install, then cache first. Their
 *   names change with their content, so a cached copy is never stale.
 * - Screen HTML (a route path; the server puts the screen's compiled layout in it) and
 *   /layouts/*.json (the app reads /layouts/<name>.compiled.json):
 *   checked, then from the cache. A warm open asks the server whether its cached copy is still
 *   current (a conditional request with the copy's ETag: a 304 without a body when nothing
 *   changed) and paints the copy only then, or when the server has not answered within
 *   CHECK_BUDGET_MS (offline, a slow network; the answer still refreshes the cache). A layout
 *   an operator published or rolled back is therefore what the borrower's next open shows, not
 *   the open after it.
 * - Everything else (the API, uploads, test and studio routes, demo images, other origins)
 *   is not touched: no respondWith, the browser fetches it as if there were no worker. The
 *   worker works from an allow list, so no API prefix or new route can slip into a cache.
 * - Nothing that identifies a borrower or an order is kept (a shared phone): a page
 *   holds nothing of its query (the early-request plan names query keys, not values),
 *   and the app's first 401 drops every cached page (the page posts `kopa:session-ended`; a copy
 *   still on its way from the network then is not stored either).
 * - A new build: its worker installs (precaching its assets and the open screens' HTML),
 *   skips waiting and claims the pages. Caches are named after the build, so the old build's
 *   shell and layouts are deleted then; the old build's assets are kept until the build after,
 *   so a page still running the old code can load its lazy chunks.
 */
const BUILD = self.__KOPA_BUILD__;
const SHELL = `kopa-shell-${BUILD.version}`;
const ASSETS = `kopa-assets-${BUILD.version}`;
const PRECACHE = BUILD.assets.map((file) => `/${file}`);
const PRECACHED = new Set(PRECACHE);
const ROUTES = new Set(BUILD.routes);
const LAYOUT = /^\/layouts\/[a-z0-9-]+(\.compiled)?\.json$/;

/** The route paths of the windows open now: their HTML is what the next open needs first. */
async function openScreens() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return [...new Set(windows.map((w) => new URL(w.url).pathname).filter((p) => ROUTES.has(p)))];
}

/** Bumped by each ended session: a copy fetched before it is not stored after it. */
let sessionGeneration = 0;

async function putIfGood(cache, key, response, generation = sessionGeneration) {
  // Only a complete answer of our own origin: never an error page, a redirect or an opaque body.
  if (!response.ok || response.type !== 'basic' || response.redirected) return;
  if (generation === sessionGeneration) await cache.put(key, response);
}

/** Every cached page and layout, whatever build cached it: the session they were opened with has ended. */
async function dropPages() {
  const names = (await caches.keys()).filter((n) => n.startsWith('kopa-shell-'));
  await Promise.all(names.map((n) => caches.delete(n)));
}

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'kopa:session-ended') return;
  sessionGeneration++;
  event.waitUntil(
    dropPages().then(() => event.source?.postMessage({ type: 'kopa:pages-dropped' })),
  );
});

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSETS);
      await assets.addAll(PRECACHE);
      const shell = await caches.open(SHELL);
      for (const path of await openScreens()) {
        try {
          await putIfGood(shell, path, await fetch(path, { credentials: 'same-origin' }));
        } catch {
          // Offline during install: the screen is cached at its next open instead.
        }
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('kopa-'));
      // The newest other assets cache belongs to the build pages may still be running.
      const previousAssets = names
        .filter((n) => n.startsWith('kopa-assets-') && n !== ASSETS)
        .pop();
      await Promise.all(
        names
          .filter((n) => n !== SHELL && n !== ASSETS && n !== previousAssets)
          .map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

/**
 * How long a warm open waits for the server to confirm its cached copy: a 304 costs one round
 * trip and no body; past this, the copy is painted (the borrower is offline or on a very slow
 * network) and the server's answer, when it comes, is what the next open shows.
 */
const CHECK_BUDGET_MS = 1500;

/** Resolves to null after `ms`: the budget lost the race. */
const budget = (ms) => new Promise((resolve) => setTimeout(() => resolve(null), ms));

/**
 * The cached copy when the server says it is current (304) or does not answer in time; the
 * server's new copy (stored for the open after) when the layout or the build changed.
 */
async function checkedCopy(event, key, request) {
  const cache = await caches.open(SHELL);
  // ignoreVary: the body a cache holds is already decoded, whatever encoding it came in.
  const cached = await cache.match(key, { ignoreVary: true });
  const generation = sessionGeneration;
  const etag = cached?.headers.get('ETag');
  if (!cached || !etag) {
    return fetch(request).then(async (response) => {
      await putIfGood(cache, key, response.clone(), generation);
      return response;
    });
  }
  // A request of its own: a navigation request cannot carry extra headers. With If-None-Match
  // set here, the browser's HTTP cache passes the server's 304 through instead of answering it.
  const check = fetch(request.url, {
    headers: { 'If-None-Match': etag },
    credentials: 'same-origin',
    cache: 'no-store',
  }).then(async (response) => {
    if (response.status === 304) return cached;
    await putIfGood(cache, key, response.clone(), generation);
    return response.ok ? response : cached;
  });
  event.waitUntil(check.catch(() => undefined));
  const first = await Promise.race([check.catch(() => cached), budget(CHECK_BUDGET_MS)]);
  return first ?? cached;
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (PRECACHED.has(new URL(request.url).pathname))
    await putIfGood(await caches.open(ASSETS), request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // One copy per route path: any borrower's open may show it, and the page holds nothing of
    // its query (the early plan names keys, not values).
    // Except an operator's draft preview (?kopaPreview=): never answered from, nor put in, the cache.
    if (ROUTES.has(url.pathname) && !url.searchParams.has('kopaPreview'))
      event.respondWith(checkedCopy(event, url.pathname, request));
    return;
  }
  if (
    PRECACHED.has(url.pathname) ||
    (url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/demo/'))
  ) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (LAYOUT.test(url.pathname) && url.search === '')
    event.respondWith(checkedCopy(event, url.pathname, request));
});
