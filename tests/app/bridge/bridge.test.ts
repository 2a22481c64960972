import { describe, expect, it, vi } from 'vitest';
import { createBridge } from '../../../src/app/bridge/createBridge';
import { createFakeBridge } from '../../../src/app/bridge/fake';
import {
  BRIDGE_ACTIONS,
  BridgeError,
  type BridgeCommand,
  type BridgeConfig,
  type Transport,
} from '../../../src/app/bridge/types';

const config: BridgeConfig = {
  bridge: {
    androidObject: 'KopaNative',
    nativeNames: Object.fromEntries(
      BRIDGE_ACTIONS.map((a) => [a, a]),
    ) as BridgeConfig['bridge']['nativeNames'],
  },
  redirectAllowlist: ['pay.kopa.example'],
  deepLinkScheme: 'kopa://',
};

function setup(send: (c: BridgeCommand) => void = () => {}) {
  const sent: BridgeCommand[] = [];
  const report = vi.fn<(e: BridgeError) => void>();
  const transport: Transport = {
    kind: 'fake',
    send: (c) => {
      sent.push(c);
      send(c);
    },
  };
  const bridge = createBridge(transport, config, { report, origin: 'https://app.kopa.example' });
  return { bridge, sent, report };
}

describe('createBridge: accepted calls', () => {
  it('passes validated arguments as fresh objects holding only known keys', () => {
    const { bridge, sent, report } = setup();
    expect(bridge.sendSms({ email: 'help@kopa.example', text: 'Hi' })).toEqual({ ok: true });
    expect(bridge.callService({ phone: '+255 700 000 000' })).toEqual({ ok: true });
    expect(
      bridge.track({ event: 'loan_confirm', params: { amount: 1000, ok: true, p: 'x' } }),
    ).toEqual({ ok: true });
    expect(bridge.openLink({ url: 'kopa://product/3' })).toEqual({ ok: true });
    expect(bridge.call('closeWebView')).toEqual({ ok: true });
    expect(bridge.call('openHome', {})).toEqual({ ok: true });
    expect(bridge.call('bankStepStart', null)).toEqual({ ok: true });
    expect(sent).toEqual([
      { action: 'sendSms', args: { email: 'help@kopa.example', text: 'Hi' } },
      { action: 'callService', args: { phone: '+255 700 000 000' } },
      {
        action: 'track',
        args: { event: 'loan_confirm', params: { amount: 1000, ok: true, p: 'x' } },
      },
      { action: 'openLink', args: { url: 'kopa://product/3' } },
      { action: 'closeWebView', args: {} },
      { action: 'openHome', args: {} },
      { action: 'bankStepStart', args: {} },
    ]);
    expect(report).not.toHaveBeenCalled();
    expect(bridge.transport).toBe('fake');
  });
});

describe('createBridge: refusals (SECURITY 11, 13)', () => {
  const refused: Array<[string, unknown]> = [
    ['hax', {}],
    ['constructor', {}],
    ['__proto__', {}],
    ['toString', undefined],
    ['', undefined],
    ['sendSms', 'not an object'],
    ['sendSms', ['a']],
    ['sendSms', { email: 'a@b.c?cc=evil@x.tld' }],
    ['sendSms', { phone: '123;rm' }],
    ['sendSms', { phone: 123 }],
    ['sendSms', { email: 'ok@kopa.example', bcc: 'x' }],
    ['sendSms', JSON.parse('{"__proto__":{"p":1}}')],
    ['callService', { phone: 'tel:123' }],
    ['track', {}],
    ['track', { event: '' }],
    ['track', { event: 'e', params: { nested: { a: 1 } } }],
    ['track', { event: 'e', params: { n: NaN } }],
    ['track', { event: 'e', params: [1] }],
    ['openHome', { where: '/' }],
    ['closeWebView', 'now'],
    ['openLink', {}],
    ['openLink', { url: 42 }],
    ['openLink', { url: 'javascript:alert(1)' }],
    ['openLink', { url: 'JaVaScRiPt:alert(1)' }],
    ['openLink', { url: '\tjava\nscript:alert(1)' }],
    ['openLink', { url: 'data:text/html,<script>alert(1)</script>' }],
    ['openLink', { url: 'vbscript:msgbox(1)' }],
    ['openLink', { url: 'file:///etc/passwd' }],
    ['openLink', { url: 'https://evil.tld' }],
    ['openLink', { url: 'https://pay.kopa.example.evil.tld' }],
    ['openLink', { url: 'https://pay.kopa.example@evil.tld' }],
    ['openLink', { url: '//evil.tld' }],
    ['openLink', { url: '/\\evil.tld' }],
  ];

  it.each(refused)('%s %j -> refused and reported, nothing sent', (action, args) => {
    const { bridge, sent, report } = setup();
    const r = bridge.call(action, args);
    expect(r).toEqual({ ok: false, reason: expect.any(String) });
    expect(sent).toEqual([]);
    expect(report).toHaveBeenCalledTimes(1);
    const error = report.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(BridgeError);
    expect(error?.reason).toBe(r.ok ? '' : r.reason);
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('a transport that throws is a refusal, not an exception', () => {
    const { bridge, report } = setup(() => {
      throw new Error('no such method');
    });
    expect(bridge.openRate()).toEqual({ ok: false, reason: 'host call failed: no such method' });
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ action: 'openRate' }));
  });

  it('a reporter that throws does not break the caller', () => {
    const bridge = createBridge({ kind: 'fake', send: () => {} }, config, {
      report: () => {
        throw new Error('reporter down');
      },
    });
    expect(() => bridge.call('hax')).not.toThrow();
  });

  it('a non-string action name is refused', () => {
    const { bridge } = setup();
    expect(bridge.call(undefined as unknown as string).ok).toBe(false);
  });
});

describe('createFakeBridge', () => {
  it('records accepted calls and refusals', () => {
    const fake = createFakeBridge();
    fake.openHome();
    fake.call('track', { event: 'e' });
    fake.call('openLink', { url: 'javascript:alert(1)' });
    fake.call('nope');
    expect(fake.calls).toEqual([
      { action: 'openHome', args: {} },
      { action: 'track', args: { event: 'e' } },
    ]);
    expect(fake.refusals.map((e) => e.action)).toEqual(['openLink', 'nope']);
    fake.reset();
    expect(fake.calls).toEqual([]);
    expect(fake.refusals).toEqual([]);
  });

  it('uses the app config allowlist by default', () => {
    const fake = createFakeBridge();
    expect(fake.openLink({ url: 'https://pay.kopa.example/pay' })).toEqual({ ok: true });
    expect(fake.openLink({ url: 'https://evil.tld/pay' }).ok).toBe(false);
  });
});
