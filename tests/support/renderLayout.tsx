import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import type { LayoutDocument } from '../../src/contract/schema/generated/types';
import type { CallOptions, CallResult, RuntimeEnv, ToastOptions } from '../../src/runtime/env';
import { Page } from '../../src/react/render/Page';
import { createPageController, type PageController } from '../../src/runtime/page/pageController';
import { loadNodeValidators } from '../../src/react/render/nodeValidators';
import { createWidgetSource, type WidgetSource } from '../../src/react/render/widgetCache';
import { collectTypes } from '../../src/contract/schema/collectTypes';
import { widgetLoaders } from '../../src/react/widgets/registry';
import { createToastStore } from '../../src/react/render/toast/toastStore';
import { ToastHost } from '../../src/react/render/toast/ToastHost';
import { checkFrameUrl, checkImageUrl, checkNavigationUrl } from '../../src/app/security/url';
import {
  labelledBridgeLeak,
  labelledLeak,
  refusingLeaks,
} from '../../src/app/security/labelledUrl';
import type { UrlLabels } from '../../src/runtime/env';
import { IDENTIFYING_KEYS } from '../../src/app/http/borrowerSession';
import app from '../../config/app.json';
import { expandFragments } from '../../src/contract/layout/fragments';
import { loadFragmentFiles } from '../../src/contract/schema/fragmentFiles';

const ORIGIN = 'http://localhost:3000';

/** The app's widgets, injected into Page as the shell does (src/app/shell/widgets.ts); one for every test. */
export const testWidgets = createWidgetSource(widgetLoaders);

export type FakeResponse =
  | CallResult
  | ((params: Record<string, unknown>, options?: CallOptions) => CallResult | Promise<CallResult>);

export interface RenderLayoutOptions {
  /** Answers by logical endpoint name; an endpoint with no answer fails with a server error. */
  responses?: Record<string, FakeResponse>;
  query?: Record<string, string>;
  dev?: boolean;
  routes?: Record<string, string>;
  /** Outcome of bridge calls; default ok. */
  bridgeOk?: boolean;
  /** Allowed external hosts for checkUrl. */
  allowHosts?: string[];
  /** Hosts images and frames may come from besides the page's own; default config/app.json's. */
  imageHosts?: string[];
  frameHosts?: string[];
  /** Values already kept on the device (local storage, keys without the kopa: prefix). */
  local?: Record<string, unknown>;
  /** Every local storage write fails as a full browser storage would. */
  localFull?: boolean;
  /** The widgets Page is given; default the app's (testWidgets). */
  widgets?: WidgetSource;
  /** The checker's labels as a compiled layout carries them (by pointer); default none. */
  labels?: UrlLabels;
}

export interface Recorded {
  calls: { endpoint: string; params: Record<string, unknown>; options?: CallOptions }[];
  bridge: { action: string; args: Record<string, unknown> }[];
  navigations: { path: string; replace: boolean }[];
  leaves: string[];
  toasts: { message: string; options?: ToastOptions }[];
  reports: { pointer: string; message: string; kind: string }[];
  copied: string[];
  /** The in-memory local storage as it is now (kept as JSON text, like the browser). */
  local: Map<string, string>;
}

export function ok(data: unknown, code = '0'): CallResult {
  return { ok: true, data, code, message: 'success' };
}

export function serverError(message: string, code = '1'): CallResult {
  return { ok: false, kind: 'server', code, message, status: 200 };
}

/** A RuntimeEnv that records everything a layout asks of its host. */
export function createFakeEnv(options: RenderLayoutOptions = {}): {
  env: RuntimeEnv;
  recorded: Recorded;
  toastStore: ReturnType<typeof createToastStore>;
  hostBack: () => boolean;
} {
  const local = new Map(
    Object.entries(options.local ?? {}).map(([k, v]) => [k, JSON.stringify(v)]),
  );
  const recorded: Recorded = {
    calls: [],
    bridge: [],
    navigations: [],
    leaves: [],
    toasts: [],
    reports: [],
    copied: [],
    local,
  };
  const query = options.query ?? { userId: '10001', sessionId: 's1' };
  const sessionValues = IDENTIFYING_KEYS.map((k) => query[k] ?? '');
  const toastStore = createToastStore();
  const routes = options.routes ?? {
    repay: '/repay',
    order: '/order',
    confirm: '/confirm',
    complaint: '/complainPage',
    complaintList: '/complaintList',
  };
  let keyCounter = 0;
  const backHandlers: (() => void)[] = [];
  const env: RuntimeEnv = {
    async call(endpoint, params, callOptions) {
      recorded.calls.push({ endpoint, params, options: callOptions });
      const answer = options.responses?.[endpoint];
      if (!answer) return serverError(`no fake response for ${endpoint}`);
      return typeof answer === 'function' ? answer(params, callOptions) : answer;
    },
    bridge(action, args, labels) {
      // The app's second wall (src/app/shell/createEnv.ts): a refused call never reaches the host.
      const leak = labels ? labelledBridgeLeak(action, args, labels, ORIGIN, 'kopa://') : null;
      if (leak !== null) return { ok: false, reason: leak };
      recorded.bridge.push({ action, args });
      return options.bridgeOk === false ? { ok: false, reason: 'refused' } : { ok: true };
    },
    navigate(path, navOptions) {
      recorded.navigations.push({ path, replace: navOptions?.replace === true });
    },
    leave(url) {
      recorded.leaves.push(url);
    },
    toast(message, toastOptions) {
      recorded.toasts.push({ message, options: toastOptions });
      return toastStore.show(message, toastOptions?.kind, toastOptions?.duration);
    },
    async copyText(text) {
      recorded.copied.push(text);
      return true;
    },
    report(problem) {
      recorded.reports.push(problem);
    },
    newIdempotencyKey: () => `key-${++keyCounter}`,
    query: options.query ?? { userId: '10001', sessionId: 's1' },
    commonQuery: () =>
      new URLSearchParams(options.query ?? { userId: '10001', sessionId: 's1' }).toString(),
    routePath: (key) => routes[key],
    // The real URL checks: what a layout may open is part of what these tests prove.
    checkUrl: (raw, at) =>
      refusingLeaks(
        checkNavigationUrl(raw, options.allowHosts ?? ['pay.kopa.example'], ORIGIN),
        raw,
        at?.labels,
        ORIGIN,
      ),
    imageUrl: (endpoint, params) =>
      `/fake-image/${endpoint}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`,
    checkImageUrl(raw, at) {
      const checked = checkImageUrl(raw, ORIGIN, {
        hosts: options.imageHosts ?? app.imageHosts,
        sessionValues,
      });
      if (!checked.ok) {
        recorded.reports.push({
          pointer: '',
          message: `Refused image ${raw}: ${checked.reason}`,
          kind: 'image',
        });
        return null;
      }
      // As the app's env: a labelled image for another origin is refused, reported where it is.
      const leak = at ? labelledLeak(raw, at.labels, ORIGIN) : null;
      if (leak === null) return checked.url;
      recorded.reports.push({
        pointer: at?.pointer ?? '',
        message: `Image source refused: ${leak}`,
        kind: 'image',
      });
      return null;
    },
    checkFrameUrl: (raw, at) =>
      refusingLeaks(
        checkFrameUrl(raw, ORIGIN, { hosts: options.frameHosts ?? app.frameHosts, sessionValues }),
        raw,
        at?.labels,
        ORIGIN,
      ),
    config: { currencyLabel: 'TZS', servicePhone: '+255 700 000 000' },
    dev: options.dev ?? true,
    local: {
      readAll: () => Object.fromEntries([...local].map(([k, v]) => [k, JSON.parse(v) as unknown])),
      set(key, value) {
        if (options.localFull) return { ok: false, reason: 'QuotaExceededError: quota exceeded' };
        if (value === undefined) local.delete(key);
        else local.set(key, JSON.stringify(value));
        return { ok: true };
      },
      remove: (key) => void local.delete(key),
    },
    onHostBack(handler) {
      backHandlers.push(handler);
      return () => {
        const at = backHandlers.indexOf(handler);
        if (at >= 0) backHandlers.splice(at, 1);
      };
    },
  };
  /** What window.KopaHost.back() does in the app: the latest page handles it (true), else false. */
  const hostBack = (): boolean => {
    const handler = backHandlers[backHandlers.length - 1];
    handler?.();
    return handler !== undefined;
  };
  return { env, recorded, toastStore, hostBack };
}

/**
 * Renders a layout from JSON through the public way in (the Page component with the generic
 * renderer), after loading its widgets and validators as the app does.
 */
export async function renderLayout(
  layout: LayoutDocument | Record<string, unknown>,
  options: RenderLayoutOptions = {},
): Promise<
  RenderResult & {
    recorded: Recorded;
    user: ReturnType<typeof userEvent.setup>;
    env: RuntimeEnv;
    hostBack: () => boolean;
  }
> {
  // As the server serves it: fragments (`{ "use": ... }`) expanded from layouts/_fragments.
  layout = expandFragments(layout, loadFragmentFiles().files).doc as LayoutDocument;
  await loadNodeValidators();
  const widgets = options.widgets ?? testWidgets;
  await widgets.preload(collectTypes(layout));
  const { env, recorded, toastStore, hostBack } = createFakeEnv(options);
  const user = userEvent.setup();
  const doc = layout as LayoutDocument;
  // As the shell does, minus the fetch: the layout is already checked and its widgets loaded.
  const controller = createPageController({
    env,
    load: async (_signal, onParsed) => {
      onParsed(doc, options.labels);
      return { ok: true, layout: doc, widgets: Promise.resolve(null), labels: options.labels };
    },
  });
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <>
        <Page controller={controller} widgets={widgets} />
        <ToastHost store={toastStore} />
      </>,
    );
  });
  // The Page's mount started the controller; the page shows once the (immediate) load settles.
  await act(() => settled(controller));
  return { ...result, recorded, user, env, hostBack };
}

/** Resolves when the controller has left `loading`. */
function settled(controller: PageController): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (controller.getState().status === 'loading') return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = controller.subscribe(check);
    check();
  });
}

/** A minimal layout around some nodes. */
export function layoutOf(
  body: unknown[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { id: 'test', version: 1, title: 'Test page', body, ...extra };
}
