import type { RuntimeEnv } from '@kopa/react';

/**
 * This app's host for layouts: no API (every call fails), no native bridge, navigation through
 * the browser. A real app connects these to its HTTP client, its bridge and its router.
 */
export function createEnv(): RuntimeEnv {
  return {
    call: async () => ({ ok: false, kind: 'network', message: 'No API in this example' }),
    bridge: () => ({ ok: false, reason: 'no native host' }),
    navigate: (path) => window.history.pushState(null, '', path),
    leave: (url) => window.location.assign(url),
    toast: () => () => undefined,
    copyText: async (text) => {
      await navigator.clipboard?.writeText(text);
      return true;
    },
    report: (problem) => console.warn(`layout problem at ${problem.pointer}: ${problem.message}`),
    newIdempotencyKey: () => crypto.randomUUID(),
    query: {},
    commonQuery: () => '',
    routePath: () => undefined,
    checkUrl: (raw) => ({ ok: false, reason: `links are off in this example: ${raw}` }),
    imageUrl: () => null,
    checkImageUrl: (raw) => (raw.startsWith('/') ? raw : null),
    checkFrameUrl: (raw) => ({ ok: false, reason: `frames are off in this example: ${raw}` }),
    config: { currencyLabel: 'TZS' },
    dev: true,
    onHostBack: () => () => undefined,
    local: { readAll: () => ({}), set: () => ({ ok: true }), remove: () => undefined },
  };
}
