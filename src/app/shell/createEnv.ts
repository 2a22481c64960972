import type { Bridge } from '../bridge';
import {
  commonQueryString,
  createApiClient,
  IDENTIFYING_KEYS,
  newIdempotencyKey,
  parseCatalogue,
  readSession,
} from '../http';
import { pageEarlyRequests } from '../http/earlyRequests';
import type { RuntimeEnv } from '@kopa/runtime';
import type { ToastStore } from '@kopa/react';
import { checkFrameUrl, checkImageUrl, checkNavigationUrl } from '../security/url';
import { labelledBridgeLeak, labelledLeak, refusingLeaks } from '../security/labelledUrl';
import { appConfig, endpointCatalogue, routePath, wireNameTable } from './appConfig';
import { copyText } from './copyText';
import { createLocalStore } from './localStore';
import { onHostBack } from './hostApi';
import { PREVIEW, PREVIEW_FIXTURES, PREVIEW_ANSWERS } from './previewMode';
import { report } from './reporter';
import { languageQuery } from './language';
import { afterFirstScreen } from './afterFirstScreen';
import { readPageQuery } from '@kopa/contract';
import { forgetCachedPages } from './serviceWorker';
import { isSessionExpired } from '@kopa/runtime';

const loadBridgeCode = () => import('./appBridge');
// The bridge's code is there before a borrower can tap anything that calls it.
afterFirstScreen(() => void loadBridgeCode().catch(() => undefined));

interface EnvDeps {
  navigate(path: string, options?: { replace?: boolean }): void;
  toasts: ToastStore;
  layoutId: string;
}

const sessionDefaults = { defaultMerchantNumber: appConfig.defaultMerchantNumber };
const currentSession = () => readSession(window.location.search, sessionDefaults);
/** What images and frames on other hosts must never carry. */
const sessionValues = (): string[] => IDENTIFYING_KEYS.map((k) => currentSession().params[k]);

const parsedCatalogue = parseCatalogue(endpointCatalogue);
if (!parsedCatalogue.ok)
  throw new Error(`schemas/api/endpoints.json is invalid: ${parsedCatalogue.errors.join('; ')}`);

// One API client for the app: it reads the session from the URL on every call.
const api = createApiClient({
  fetch: (url, init) => window.fetch(url, init),
  catalogue: parsedCatalogue.catalogue,
  wireNames: wireNameTable,
  config: appConfig,
  getSession: currentSession,
  // The first screen's requests the page sent before this code arrived (src/app/shell/early.ts).
  early: pageEarlyRequests(),
  // An operator's preview with a data scenario (never a borrower's page).
  fixtures: PREVIEW_FIXTURES,
  answers: PREVIEW_ANSWERS,
});

// One view of localStorage for the app (keys prefixed kopa:, the spec's own keys as named; JSON values).
const local = createLocalStore(() => window.localStorage);

/**
 * The page's URL checks (SECURITY 11, 12), each then refusing a URL the checker labelled (the
 * compiled layout's labels, given by the runtime as `at`) that would carry the labels to another
 * origin: the second wall (src/app/security/labelledUrl.ts).
 */
function pageUrlChecks(
  origin: string,
  layoutId: string,
): Pick<RuntimeEnv, 'checkUrl' | 'checkImageUrl' | 'checkFrameUrl'> {
  return {
    checkUrl: (raw, at) =>
      refusingLeaks(
        checkNavigationUrl(raw, appConfig.redirectAllowlist, origin),
        raw,
        at?.labels,
        origin,
      ),
    checkImageUrl: (raw, at) => {
      const checked = checkImageUrl(raw, origin, {
        hosts: appConfig.imageHosts,
        sessionValues: sessionValues(),
      });
      if (!checked.ok) return null;
      const leak = at ? labelledLeak(raw, at.labels, origin) : null;
      if (leak === null) return checked.url;
      report({
        pointer: at?.pointer ?? '',
        message: `Image source refused: ${leak}`,
        kind: 'image',
        layout: layoutId,
      });
      return null;
    },
    checkFrameUrl: (raw, at) =>
      refusingLeaks(
        checkFrameUrl(raw, origin, { hosts: appConfig.frameHosts, sessionValues: sessionValues() }),
        raw,
        at?.labels,
        origin,
      ),
  };
}

/** The real host for one page: HTTP, bridge, router, toasts, clipboard, reports. */
export function createRuntimeEnv(deps: EnvDeps): RuntimeEnv {
  const origin = window.location.origin;
  const toast: RuntimeEnv['toast'] = (message, options) =>
    deps.toasts.show(message, options?.kind, options?.duration);
  let bridge: Promise<Bridge | null> | undefined;
  const loadBridge = () =>
    (bridge ??= loadBridgeCode().then(
      (m) =>
        m.createAppBridge({
          notify: (message) => toast(message, { kind: 'info' }),
          navigate: (path) => deps.navigate(path),
          layoutId: deps.layoutId,
          origin,
        }),
      () => null,
    ));
  const query = readPageQuery(window.location.search);
  return {
    call: (endpoint, params, options) =>
      api
        .call(endpoint, params, {
          signal: options?.signal,
          idempotencyKey: options?.idempotencyKey,
          query: options?.query as
            Record<string, string | number | boolean | null | undefined> | undefined,
        })
        .then((result) => {
          // The session is over on this device: no cached page may outlive it.
          if (isSessionExpired(result)) forgetCachedPages(window);
          return result;
        }),
    // A chunk that did not load (offline, a new deploy) refuses like any other failed host call.
    bridge: (action, args, labels) => {
      // The checker's labels (the compiled layout's): never handed to the host for another origin.
      const leak = labels
        ? labelledBridgeLeak(action, args, labels, origin, appConfig.deepLinkScheme)
        : null;
      if (leak !== null) return { ok: false, reason: leak };
      return loadBridge().then(
        (b) => b?.call(action, args) ?? { ok: false, reason: 'the bridge code did not load' },
      );
    },
    navigate: deps.navigate,
    leave: (url, options) =>
      options?.replace ? window.location.replace(url) : window.location.assign(url),
    toast,
    copyText,
    report: (problem) => report({ ...problem, layout: deps.layoutId }),
    newIdempotencyKey,
    query,
    // Navigation carries the header sources (building, gather, swift, eyes) too.
    // ... and the borrower's language (src/app/shell/language.ts).
    commonQuery: () =>
      [commonQueryString(currentSession(), { withHeaderSources: true }), languageQuery()]
        .filter((q) => q !== '')
        .join('&'),
    routePath,
    imageUrl: (endpoint, params) =>
      api.urlFor(endpoint, params as Record<string, string | number | boolean | null | undefined>),
    ...pageUrlChecks(origin, deps.layoutId),
    config: {
      currencyLabel: appConfig.currencyLabel,
      servicePhone: appConfig.defaultServicePhone,
      appName: appConfig.appName,
      deepLinkScheme: appConfig.deepLinkScheme,
    },
    dev: import.meta.env.DEV || PREVIEW,
    onHostBack,
    local,
  };
}
