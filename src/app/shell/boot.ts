import { createToastStore } from '@kopa/react';
import { routePath, routeTable } from './appConfig';
import { legacyHashTarget } from './legacyHash';
import { installHostApi } from './hostApi';
import { startFirstScreen } from './firstScreen';
import { markBuild } from './serviceWorker';
import { startLanguage } from './language';

/**
 * Everything before React, run when this module is evaluated. main.tsx imports it first, before
 * React's DOM renderer, so for an English page the first screen's layout check and data requests
 * go out before that renderer (the entry's heaviest code, about a fifth of a second to compile
 * on a slow phone) is evaluated. Another language starts the screen once its messages
 * are in (its chunk is preloaded with the entry).
 */
const legacy = legacyHashTarget(
  window.location.hash,
  window.location.search,
  routeTable.legacyHash,
  routePath,
);
if (legacy) window.history.replaceState(null, '', legacy);

installHostApi(window);

// The theme's colours are in the stylesheet (scripts/build/themeFromConfig.ts), not written here:
// a write to <html style> after the frame's first paint made the browser restyle and lay it out again.

markBuild(document);

export const toasts = createToastStore();

// The first screen starts in the borrower's language, so a toast or error of its first requests
// is never in English when the page is not.
const begin = (): void => startFirstScreen(window.location.pathname, toasts);
const language = startLanguage(document, window.location.search);

/** Resolves once the first screen has started (at once for English). */
export const booted: Promise<void> =
  typeof language === 'string' ? Promise.resolve(begin()) : language.then(begin);
