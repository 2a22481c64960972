// @vitest-environment jsdom
/**
 * The second wall: the page reads the checker's labels from the compiled layout and refuses to
 * take a labelled value to another origin when it runs (src/app/security/labelledUrl.ts), with
 * the same report (and, for a link, the same toast) as any refused link, naming the label. A
 * copy doctored so that a labelled value goes elsewhere (a bad server copy, a stale checker) is
 * refused and the bridge call or navigation is not made; the shipped layout that hands a session
 * value to the app itself still does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../src/react/render/toast/toastStore';
import { firstScreenFor, startFirstScreen } from '../../src/app/shell/firstScreen';
import { createRuntimeEnv } from '../../src/app/shell/createEnv';
import { foreignHost } from '../../src/app/security/labelledUrl';
import { buildScope, runActions, type PageRuntime } from '../../src/runtime';
import { expandFragments } from '../../src/contract/layout/fragments';
import { loadFragmentFiles } from '../../src/contract/schema/fragmentFiles';
import type { Action } from '../../src/contract';
import { compiledText } from '../support/compiled';

const ORIGIN = window.location.origin;
const ROOT = join(import.meta.dirname, '../..');
const QUERY = 'userId=10001&sessionId=s1&orderId=O170&productId=P002';

/** The native app as the page sees it on Android: every bridge call lands here. */
function nativeApp() {
  const host = { openLink: vi.fn(), sendSms: vi.fn() };
  vi.stubGlobal('KopaNative', host);
  return host;
}

/**
 * The page on `path` with `compiled` in its layout block, started as the entry starts it; a
 * request whose URL holds a key of `answers` gets that body, any other never answers.
 */
async function startPage(
  path: string,
  layoutName: string,
  compiled: string,
  answers: Record<string, string> = {},
) {
  window.history.replaceState(null, '', `${path}?${QUERY}`);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'kopa-layout';
  block.dataset.name = layoutName;
  block.textContent = compiled;
  document.body.append(block);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const hit = Object.keys(answers).find((part) => String(url).includes(part));
      return hit === undefined
        ? new Promise<Response>(() => {})
        : Promise.resolve(new Response(answers[hit]));
    }),
  );
  const toasts = createToastStore();
  startFirstScreen(path, toasts);
  const first = firstScreenFor(layoutName, 'default');
  await vi.waitFor(() => expect(first?.controller.getState().status).toBe('ready'));
  const state = first?.controller.getState();
  return { toasts, runtime: state && 'runtime' in state ? state.runtime : null };
}

/** A layout that does `action` as soon as it loads. */
const onLoad = (action: unknown) => ({
  id: 'customer-service',
  version: 1,
  title: 'Help',
  onLoad: [action],
  body: [{ type: 'text', text: 'Help' }],
});

/** The compiled copy with its labels replaced: what a stale checker or a bad copy would serve. */
function withLabels(doc: unknown, labels: Record<string, string[]>): string {
  return JSON.stringify({
    ...(JSON.parse(compiledText(doc)) as Record<string, unknown>),
    labels,
  });
}

const reports = () => window.__kopaReports ?? [];
const LEAK = 'labelled data stays on this origin';

/** Waits for the page's report of `kind` at `pointer` with `message`. */
const reported = (kind: string, pointer: string, message: string) =>
  vi.waitFor(() =>
    expect(reports()).toContainEqual(expect.objectContaining({ kind, pointer, message })),
  );

describe('labelled URLs when the page runs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    window.__kopaReports = [];
    firstScreenFor('', 'reset');
  });

  it('refuses an openLink that takes a labelled value to another origin: no bridge call, a report naming the label', async () => {
    const host = nativeApp();
    const url = 'https://kopa.example/track?p={{ query.productId }}';
    const doc = onLoad({ type: 'bridge', action: 'openLink', args: { url } });
    // The compiler labels it (the checker refuses the layout; this copy was served anyway).
    expect(JSON.parse(compiledText(doc))).toMatchObject({
      labels: { '/onLoad/0/args/url': ['query.productId'] },
    });
    await startPage('/customerService', 'customer-service', compiledText(doc));
    await reported(
      'bridge',
      '/onLoad/0',
      `Bridge openLink refused: it carries query.productId to host "kopa.example"; ${LEAK}`,
    );
    expect(host.openLink).not.toHaveBeenCalled();
  });

  it('makes the same call when the copy carries no label (the wall is what refused it)', async () => {
    const host = nativeApp();
    const url = 'https://kopa.example/track?p={{ query.productId }}';
    const doc = onLoad({ type: 'bridge', action: 'openLink', args: { url } });
    await startPage('/customerService', 'customer-service', withLabels(doc, {}));
    await vi.waitFor(() => expect(host.openLink).toHaveBeenCalledTimes(1));
    expect(host.openLink).toHaveBeenCalledWith(
      JSON.stringify({ url: 'https://kopa.example/track?p=P002' }),
    );
  });

  it('refuses a redirect that takes a labelled value to an allowed host: no navigation, the link-refused toast', async () => {
    nativeApp();
    const doc = onLoad({
      type: 'redirect',
      url: 'https://pay.kopa.example/pay?p={{ query.productId }}',
    });
    const before = window.location.href;
    const { toasts } = await startPage('/customerService', 'customer-service', compiledText(doc));
    await reported(
      'redirect',
      '/onLoad/0/url',
      `Refused link: it carries query.productId to host "pay.kopa.example"; ${LEAK}`,
    );
    expect(toasts.getSnapshot()?.message).toBe('This link cannot be opened.');
    expect(window.location.href).toBe(before);
  });

  it('refuses a labelled SMS text outright: the message would leave with it', async () => {
    const host = nativeApp();
    const doc = onLoad({
      type: 'bridge',
      action: 'sendSms',
      args: { phone: '+255700000001', text: 'Order {{ query.orderId }}' },
    });
    await startPage('/customerService', 'customer-service', compiledText(doc));
    await reported(
      'bridge',
      '/onLoad/0',
      `Bridge sendSms refused: its text carries query.orderId to whoever the message is addressed to; ${LEAK}`,
    );
    expect(host.sendSms).not.toHaveBeenCalled();
  });

  it('still hands the shipped loan-detail its labelled route link (the app itself)', async () => {
    const host = nativeApp();
    const raw = JSON.parse(readFileSync(join(ROOT, 'layouts/loan-detail.json'), 'utf8')) as unknown;
    const doc = expandFragments(raw, loadFragmentFiles().files).doc as {
      body: { children: { onTap: { onSuccess: Action[] }[] }[] }[];
    };
    const compiled = compiledText(doc, 'loan-detail');
    const at = '/body/4/children/3/onTap/0/onSuccess';
    expect(JSON.parse(compiled)).toMatchObject({
      labels: { [`${at}/0/args/url`]: ['query.productId'] },
    });
    const order = JSON.parse(
      readFileSync(join(ROOT, 'tests/fixtures/spec-answers/loanDetails.json'), 'utf8'),
    ) as { minimal: unknown };
    const { runtime } = await startPage('/loanDetail', 'loan-detail', compiled, {
      '/v3/loan-details/loan-details': JSON.stringify(order.minimal),
    });
    const page = runtime as PageRuntime;
    // The order has loaded: the borrower can tap "Borrow again".
    await vi.waitFor(() =>
      expect(buildScope(page.store.getSnapshot(), page.env, {}).data).toHaveProperty('order'),
    );
    const actions = doc.body[4]?.children[3]?.onTap[0]?.onSuccess;
    const outcome = await runActions(
      actions,
      page,
      () => buildScope(page.store.getSnapshot(), page.env, {}),
      at,
    );
    expect(outcome).toBe('continue');
    expect(host.openLink).toHaveBeenCalledWith(
      JSON.stringify({ url: 'productDetail?productId=P002' }),
    );
  });
});

describe("the env's image and frame checks", () => {
  const env = () =>
    createRuntimeEnv({ navigate: vi.fn(), toasts: createToastStore(), layoutId: 'images' });
  const at = { pointer: '/body/0/src', labels: ['query.productId'] };

  it('refuse a labelled image or frame on another host, and report the image with its label', () => {
    window.__kopaReports = [];
    const image = 'https://cdn.kopa.example/p/P002.png';
    expect(env().checkImageUrl(image, at)).toBeNull();
    expect(reports()).toContainEqual(
      expect.objectContaining({
        pointer: '/body/0/src',
        kind: 'image',
        message:
          'Image source refused: it carries query.productId to host "cdn.kopa.example"; labelled data stays on this origin',
      }),
    );
    expect(env().checkFrameUrl('https://kopa.example/p/P002', at)).toEqual({
      ok: false,
      reason:
        'it carries query.productId to host "kopa.example"; labelled data stays on this origin',
    });
  });

  it('let the same addresses through unlabelled, and labelled ones that stay on this origin', () => {
    expect(env().checkImageUrl('https://cdn.kopa.example/p/P002.png', { ...at, labels: [] })).toBe(
      'https://cdn.kopa.example/p/P002.png',
    );
    expect(env().checkImageUrl('/p/P002.png', at)).toBe('/p/P002.png');
    expect(env().checkUrl(`${ORIGIN}/repay?p=P002`, at)).toEqual({
      ok: true,
      url: '/repay?p=P002',
      external: false,
    });
  });
});

describe('foreignHost: where a URL leaves this origin for', () => {
  it.each([
    ['/repay?o=1', {}, null],
    [`${ORIGIN}/repay`, {}, null],
    ['productDetail?productId=1', { schemeless: true }, null],
    ['kopa://open?page=home', { deepLinkScheme: 'kopa://' }, null],
    ['tel:+255700000000', {}, null],
    ['data:image/png;base64,AAAA', {}, null],
    ['https://Pay.Kopa.example/x', {}, 'pay.kopa.example'],
    ['//evil.example/x', {}, 'evil.example'],
    ['/\\evil.example/x', {}, 'evil.example'],
    ['partner.example/x', { schemeless: true }, 'partner.example'],
    [
      'kopa://open?url=https%3A%2F%2Fpartner.example%2Fx',
      { deepLinkScheme: 'kopa://' },
      'partner.example',
    ],
  ])('%s -> %s', (raw, options, host) => {
    expect(foreignHost(raw, ORIGIN, options)).toBe(host);
  });
});
