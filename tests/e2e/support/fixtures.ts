import { expect, type Page, type Request } from '@playwright/test';
import { test as base } from './workerServer';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The demo borrower seeded by the reference server (server/demo/seedData.ts). */
export const DEMO = { userId: '10001', sessionId: 'demo-session', mobilePhone: '0712345678' };
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', '..', 'artifacts', 'screenshots');

export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  raw: string | null;
}

export interface BridgeCall {
  method: string;
  payload: unknown;
}

function parseBody(request: Request): unknown {
  const raw = request.postData();
  if (raw === null) return null;
  const type = request.headers()['content-type'] ?? '';
  if (type.includes('application/json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  return raw;
}

export interface Kopa {
  /** Opens a path with the demo session (and extra query) in the query string. */
  open(path: string, query?: Record<string, string>): Promise<void>;
  /**
   * Waits until the page and every frame in it show their screen: loaded, no loading state,
   * fonts ready and images decoded. Judged from what is shown, not from network silence
   * (networkidle waited 45 s on a loaded CI machine for a request nobody needed).
   */
  settled(): Promise<void>;
  /** Every /vexed API request the page sent, in order. */
  api: ApiRequest[];
  apiTo(pathEnd: string): ApiRequest[];
  /** Calls the page made on the (fake Android) native bridge. */
  bridgeCalls(): Promise<BridgeCall[]>;
  cspViolations(): Promise<string[]>;
  reports(): Promise<{ pointer: string; message: string; kind: string }[]>;
  screenshot(name: string): Promise<void>;
  pageErrors: string[];
}

/**
 * Each test gets a page that records API requests, CSP violations and page errors, and a fake
 * Android host (window.KopaNative) that records bridge calls, as the real app's webview would
 * receive them.
 */
export const test = base.extend<{ kopa: Kopa; withBridge: boolean }>({
  withBridge: [true, { option: true }],
  kopa: async ({ page, withBridge }, use) => {
    const api: ApiRequest[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/vexed/')) return;
      api.push({
        method: request.method(),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers(),
        body: parseBody(request),
        raw: request.postData(),
      });
    });
    await page.addInitScript((bridge: boolean) => {
      const w = window as unknown as Record<string, unknown>;
      w.__csp = [] as string[];
      document.addEventListener('securitypolicyviolation', (e) => {
        (w.__csp as string[]).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
      if (!bridge) return;
      const calls: { method: string; payload: unknown }[] = [];
      w.__bridgeCalls = calls;
      const names = [
        'sendSms',
        'openHome',
        'openMine',
        'openRate',
        'openLogin',
        'callService',
        'closeWebView',
        'bankStepStart',
        'bankStepEnd',
        'track',
        'openLink',
      ];
      const host: Record<string, (json: string) => void> = {};
      for (const name of names) {
        host[name] = (json: string) => {
          let payload: unknown = json;
          try {
            payload = JSON.parse(json);
          } catch {
            /* keep the raw string */
          }
          calls.push({ method: name, payload });
        };
      }
      w.KopaNative = host;
    }, withBridge);
    const kopa: Kopa = {
      api,
      pageErrors,
      async open(path, query = {}) {
        const qs = new URLSearchParams({ ...DEMO, ...query }).toString();
        await page.goto(`${path}?${qs}`);
      },
      async settled() {
        await expect
          .poll(async () => {
            for (const frame of page.frames()) {
              const ready = await frame
                .evaluate(
                  () =>
                    document.readyState === 'complete' &&
                    // the app's own frames: its screen is drawn (other frames have no #root)
                    (document.getElementById('root') === null ||
                      document.querySelector('main, [data-layout]') !== null) &&
                    document.querySelector('.k-state--loading') === null,
                )
                .catch(() => false);
              if (!ready) return false;
            }
            return true;
          })
          .toBe(true);
        for (const frame of page.frames())
          await frame.evaluate(async () => {
            await document.fonts.ready;
            await Promise.all(
              [...document.images].map((img) => img.decode().catch(() => undefined)),
            );
          });
      },
      apiTo: (pathEnd) => api.filter((r) => r.path.endsWith(pathEnd)),
      bridgeCalls: () =>
        page.evaluate(() =>
          ((window as unknown as { __bridgeCalls?: BridgeCall[] }).__bridgeCalls ?? []).slice(),
        ),
      cspViolations: () =>
        page.evaluate(() => ((window as unknown as { __csp?: string[] }).__csp ?? []).slice()),
      reports: () =>
        page.evaluate(
          () =>
            (
              window as unknown as {
                __kopaReports?: { pointer: string; message: string; kind: string }[];
              }
            ).__kopaReports ?? [],
        ),
      async screenshot(name) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
      },
    };
    await use(kopa);
  },
});

export { expect };

/**
 * Makes the page fetch its layout (so a test can answer /layouts/... itself) instead of using
 * the copy the server puts in the HTML.
 */
export async function fetchLayoutsOverNetwork(page: Page): Promise<void> {
  await page.route(
    (url) =>
      !url.pathname.startsWith('/vexed/') &&
      !url.pathname.startsWith('/layouts/') &&
      !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="kopa-layout"[^>]*>[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body: html });
    },
  );
}

/**
 * A layout given as text as the server serves it to the app (server/layouts/compiled.ts), for a
 * test that answers /layouts/<name>.compiled.json itself: only for layouts without bindings (the
 * compiled trees come from the server's compiler, which a spec does not import). `invalid` is
 * what the server's strict check says of a layout it could not vouch for.
 */
export function compiledLayout(
  layoutText: string,
  invalid?: { pointer: string; message: string },
): string {
  const check = invalid ? `"invalid":${JSON.stringify(invalid)}` : '"checked":"e2e"';
  return `{"format":2,"name":"customer-service","version":1,${check},"layout":${layoutText},"templates":{},"dataSources":[],"widgets":["text","container"],"types":{},"labels":{}}`;
}

/** Latest SMS code the test-only route knows for a phone (NODE_ENV=test only). */
export async function smsCodeFor(page: Page, phone: string): Promise<string> {
  const response = await page.request.get(`/__test/sms-codes?phone=${encodeURIComponent(phone)}`);
  const body = (await response.json()) as { code?: string; data?: { code?: string } };
  return body.data?.code ?? body.code ?? '';
}
