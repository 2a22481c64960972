// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { BROWSER_MESSAGES, type BrowserWindowLike } from '../../../src/app/bridge/browser';
import { createBridge } from '../../../src/app/bridge/createBridge';
import {
  createAndroidTransport,
  createIosTransport,
  detectTransport,
  type HostWindow,
} from '../../../src/app/bridge/transports';
import { BRIDGE_ACTIONS, type BridgeConfig } from '../../../src/app/bridge/types';

const config: BridgeConfig = {
  bridge: {
    androidObject: 'HostX',
    nativeNames: {
      ...(Object.fromEntries(
        BRIDGE_ACTIONS.map((a) => [a, a]),
      ) as BridgeConfig['bridge']['nativeNames']),
      sendSms: 'nativeSms',
    },
  },
  redirectAllowlist: ['pay.kopa.example'],
  deepLinkScheme: 'kopa://',
  defaultServicePhone: '+255 700 000 000',
};
const ORIGIN = 'https://app.kopa.example';

function browserWindow(historyLength = 1) {
  const win = {
    history: { length: historyLength, back: vi.fn() },
    location: { origin: ORIGIN, assign: vi.fn<(url: string) => void>() },
  };
  return win satisfies BrowserWindowLike;
}

describe('Android transport', () => {
  it('calls window[androidObject][nativeName] on the object with one JSON string', () => {
    const received: Array<{ self: unknown; arg: unknown }> = [];
    const host = {
      nativeSms(this: unknown, arg: unknown) {
        received.push({ self: this, arg });
      },
    };
    const win = { ...browserWindow(), HostX: host };
    const transport = detectTransport(win, config, { notify: vi.fn() });
    expect(transport.kind).toBe('android');
    const bridge = createBridge(transport, config, { origin: ORIGIN });
    expect(bridge.sendSms({ phone: '255700' })).toEqual({ ok: true });
    expect(received).toEqual([{ self: host, arg: '{"phone":"255700"}' }]);
  });

  it('a missing native method is refused and reported', () => {
    const report = vi.fn();
    const bridge = createBridge(
      createAndroidTransport({ HostX: {} } as HostWindow, config),
      config,
      { origin: ORIGIN, report },
    );
    expect(bridge.openRate()).toEqual({
      ok: false,
      reason: 'host call failed: the host has no method "openRate"',
    });
    expect(report).toHaveBeenCalledTimes(1);
  });
});

describe('iOS transport', () => {
  it('posts the argument object to webkit.messageHandlers[nativeName]', () => {
    const postMessage = vi.fn();
    const win = { ...browserWindow(), webkit: { messageHandlers: { track: { postMessage } } } };
    const transport = detectTransport(win, config, { notify: vi.fn() });
    expect(transport.kind).toBe('ios');
    const bridge = createBridge(transport, config, { origin: ORIGIN });
    expect(bridge.track({ event: 'loan_confirm' })).toEqual({ ok: true });
    expect(postMessage).toHaveBeenCalledWith({ event: 'loan_confirm' });
  });

  it('a missing handler is refused, not thrown', () => {
    const bridge = createBridge(
      createIosTransport({ webkit: { messageHandlers: {} } }, config),
      config,
      { origin: ORIGIN },
    );
    expect(bridge.closeWebView().ok).toBe(false);
  });
});

describe('detectTransport', () => {
  it('falls back to the browser without a host, or with unrelated webkit handlers', () => {
    expect(detectTransport(browserWindow(), config, { notify: vi.fn() }).kind).toBe('browser');
    const win = {
      ...browserWindow(),
      webkit: { messageHandlers: { somethingElse: { postMessage: vi.fn() } } },
    };
    expect(detectTransport(win, config, { notify: vi.fn() }).kind).toBe('browser');
    const notObject = { ...browserWindow(), HostX: 'not an object' };
    expect(detectTransport(notObject, config, { notify: vi.fn() }).kind).toBe('browser');
  });

  it('works on the real jsdom window', () => {
    expect(detectTransport(window, config, { notify: vi.fn() }).kind).toBe('browser');
  });
});

describe('browser fallbacks (SECURITY 13)', () => {
  function browserBridge(historyLength = 1) {
    const win = browserWindow(historyLength);
    const notify = vi.fn<(m: string) => void>();
    const navigate = vi.fn<(p: string) => void>();
    const bridge = createBridge(detectTransport(win, config, { notify, navigate }), config, {
      origin: ORIGIN,
    });
    return { bridge, win, notify, navigate };
  }

  it('closeWebView goes back when there is history, else says the page can be closed', () => {
    const a = browserBridge(3);
    a.bridge.closeWebView();
    expect(a.win.history.back).toHaveBeenCalledTimes(1);
    expect(a.notify).not.toHaveBeenCalled();
    const b = browserBridge(1);
    b.bridge.closeWebView();
    expect(b.win.history.back).not.toHaveBeenCalled();
    expect(b.notify).toHaveBeenCalledWith('You can close this page now');
  });

  it('openHome navigates to /; openLogin/openMine/openRate notify', () => {
    const { bridge, navigate, notify } = browserBridge();
    bridge.openHome();
    bridge.openLogin();
    bridge.openMine();
    bridge.openRate();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(notify.mock.calls.map((c) => c[0])).toEqual([
      BROWSER_MESSAGES.openLogin,
      BROWSER_MESSAGES.openMine,
      BROWSER_MESSAGES.openRate,
    ]);
  });

  it('callService dials the given or the default phone; sendSms uses mailto: or sms:', () => {
    const { bridge, win, notify } = browserBridge();
    bridge.callService({ phone: '+255 (700) 123-456' });
    bridge.callService();
    bridge.sendSms({ email: 'help@kopa.example', text: 'Hello & bye' });
    bridge.sendSms({ phone: '255700', text: 'Hi' });
    bridge.sendSms({});
    expect(win.location.assign.mock.calls.map((c) => c[0])).toEqual([
      'tel:+255700123456',
      'tel:+255700000000',
      'mailto:help@kopa.example?body=Hello%20%26%20bye',
      'sms:255700?body=Hi',
    ]);
    expect(notify).toHaveBeenCalledWith(BROWSER_MESSAGES.sendSms);
  });

  it('openLink: in-app paths navigate, allowlisted URLs are assigned, deep links notify', () => {
    const { bridge, win, navigate, notify } = browserBridge();
    bridge.openLink({ url: '/repay?orderId=1' });
    bridge.openLink({ url: 'https://pay.kopa.example/x' });
    bridge.openLink({ url: 'kopa://product/3' });
    expect(navigate).toHaveBeenCalledWith('/repay?orderId=1');
    expect(win.location.assign).toHaveBeenCalledWith('https://pay.kopa.example/x');
    expect(notify).toHaveBeenCalledWith(BROWSER_MESSAGES.openLink);
  });

  it('refused links leave the page unchanged', () => {
    const { bridge, win, navigate } = browserBridge();
    for (const url of ['javascript:alert(1)', 'https://evil.tld', '//evil.tld'])
      expect(bridge.openLink({ url }).ok).toBe(false);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('every action is handled without throwing, even when the browser refuses a scheme', () => {
    const win = browserWindow();
    win.location.assign.mockImplementation(() => {
      throw new Error('blocked');
    });
    const notify = vi.fn();
    const bridge = createBridge(detectTransport(win, config, { notify }), config, {
      origin: ORIGIN,
    });
    const args: Record<string, unknown> = {
      sendSms: { phone: '255700' },
      track: { event: 'e' },
      openLink: { url: '/x' },
      callService: {},
    };
    for (const action of BRIDGE_ACTIONS)
      expect(() => bridge.call(action, args[action])).not.toThrow();
    expect(notify).toHaveBeenCalledWith(BROWSER_MESSAGES.failed);
  });

  it('track and bank steps do nothing visible', () => {
    const { bridge, win, notify, navigate } = browserBridge();
    expect(bridge.track({ event: 'e' })).toEqual({ ok: true });
    expect(bridge.bankStepStart()).toEqual({ ok: true });
    expect(bridge.bankStepEnd()).toEqual({ ok: true });
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
