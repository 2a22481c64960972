import { describe, expect, it } from 'vitest';
import { checkBridgeLink } from '../../../src/app/security/bridgeLink';
import { checkFrameUrl, checkImageUrl, checkNavigationUrl } from '../../../src/app/security/url';

const ORIGIN = 'https://app.kopa.example';
const ALLOW = ['pay.kopa.example', 'ok.example', 'KOPA.example'];

// SECURITY 11: dangerous schemes, in every spelling the URL parser would still accept.
const DANGEROUS_SCHEMES = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '\tjava\nscript:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\rscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
];

// SECURITY 12: hosts that are not on the list, however they are dressed up.
const OFF_LIST = [
  'https://evil.tld',
  'https://ok.example.evil.tld',
  'https://ok.example@evil.tld',
  'https://ok.example:pw@evil.tld/',
  '//evil.tld',
  '/\\evil.tld',
  '\\\\evil.tld',
  '\t//evil.tld',
  'https://evil.tld/ok.example',
  'https://notok.example',
  'https://ok.example.',
  'evil.tld',
];

describe('checkNavigationUrl', () => {
  it.each(DANGEROUS_SCHEMES)('refuses dangerous scheme %j', (raw) => {
    const r = checkNavigationUrl(raw, ALLOW, ORIGIN);
    expect(r.ok).toBe(false);
  });

  it.each(OFF_LIST)('refuses off-list host %j', (raw) => {
    expect(checkNavigationUrl(raw, ALLOW, ORIGIN).ok).toBe(false);
  });

  it('allows same-origin paths and keeps them relative', () => {
    expect(checkNavigationUrl('/repay?orderId=1#top', ALLOW, ORIGIN)).toEqual({
      ok: true,
      url: '/repay?orderId=1#top',
      external: false,
    });
    expect(checkNavigationUrl('  /loanDetail\n', ALLOW, ORIGIN)).toEqual({
      ok: true,
      url: '/loanDetail',
      external: false,
    });
  });

  it('allows https on an allowlisted host, matched exactly and case-insensitively', () => {
    expect(checkNavigationUrl('https://pay.kopa.example/checkout?x=1', ALLOW, ORIGIN)).toEqual({
      ok: true,
      url: 'https://pay.kopa.example/checkout?x=1',
      external: true,
    });
    expect(checkNavigationUrl('HTTPS://OK.EXAMPLE/a', ALLOW, ORIGIN)).toMatchObject({
      ok: true,
      url: 'https://ok.example/a',
    });
    expect(checkNavigationUrl('https://kopa.example/', ALLOW, ORIGIN)).toMatchObject({
      ok: true,
      external: true,
    });
    // The default port is the same origin; naming it changes nothing.
    expect(checkNavigationUrl('https://pay.kopa.example:443/x', ALLOW, ORIGIN)).toEqual({
      ok: true,
      url: 'https://pay.kopa.example/x',
      external: true,
    });
  });

  // A pay or redirect link over plain http can be read and rewritten on the way.
  it.each([
    'http://pay.kopa.example/checkout?tradeNo=1',
    'http://kopa.example/',
    'HTTP://pay.kopa.example/checkout',
    'hTtP://PAY.KOPA.EXAMPLE/checkout',
    'http:\\\\pay.kopa.example\\checkout',
    'http:pay.kopa.example/checkout',
    'http:/pay.kopa.example/checkout',
    ' \thttp://pay.kopa.example/',
    'http://pay.kopa.example:80/',
    'http://pay.kopa.example:443/',
    'http://pay.kopa.example:8443/',
    'http://app.kopa.example/repay',
  ])('refuses plain http to an allowlisted host with a reason: %j', (raw) => {
    expect(
      checkNavigationUrl(raw, [...ALLOW, 'pay.kopa.example:8443', 'app.kopa.example'], ORIGIN),
    ).toEqual({
      ok: false,
      reason: expect.stringMatching(/plain http: .*https/),
    });
  });

  it('refuses port tricks: https on a port the allowlist does not name', () => {
    for (const raw of [
      'https://pay.kopa.example:80/',
      'https://pay.kopa.example:8443/',
      'https://pay.kopa.example:65535/',
      'https://pay.kopa.example.:443/',
    ]) {
      expect(checkNavigationUrl(raw, ALLOW, ORIGIN), raw).toEqual({
        ok: false,
        reason: expect.stringContaining('not on the allowlist'),
      });
    }
    // `:0443` is port 443, the default, to the parser too: the same origin as no port at all.
    expect(checkNavigationUrl('https://pay.kopa.example:0443/x', ALLOW, ORIGIN)).toEqual({
      ok: true,
      url: 'https://pay.kopa.example/x',
      external: true,
    });
    expect(checkNavigationUrl('https://pay.kopa.example:99999/', ALLOW, ORIGIN).ok).toBe(false);
  });

  it('on a plain-http page (development, tests) its own origin is still same-origin, other hosts still need https', () => {
    const dev = 'http://127.0.0.1:8080';
    expect(checkNavigationUrl('http://127.0.0.1:8080/repay?a=1', ALLOW, dev)).toEqual({
      ok: true,
      url: '/repay?a=1',
      external: false,
    });
    expect(checkNavigationUrl('HTTP://127.0.0.1:8080/repay', ALLOW, dev)).toEqual({
      ok: true,
      url: '/repay',
      external: false,
    });
    expect(checkNavigationUrl('/repay', ALLOW, dev)).toEqual({
      ok: true,
      url: '/repay',
      external: false,
    });
    expect(
      checkNavigationUrl('http://127.0.0.1:8081/repay', [...ALLOW, '127.0.0.1:8081'], dev).ok,
    ).toBe(false);
    expect(checkNavigationUrl('http://pay.kopa.example/checkout', ALLOW, dev).ok).toBe(false);
    expect(checkNavigationUrl('https://pay.kopa.example/checkout', ALLOW, dev)).toMatchObject({
      ok: true,
      external: true,
    });
  });

  it('treats an absolute URL on the page origin as in-app', () => {
    expect(checkNavigationUrl('https://app.kopa.example/repay?a=1', ALLOW, ORIGIN)).toEqual({
      ok: true,
      url: '/repay?a=1',
      external: false,
    });
  });

  it('does not match a non-default port unless the allowlist names it', () => {
    expect(checkNavigationUrl('https://ok.example:8443/', ALLOW, ORIGIN).ok).toBe(false);
    expect(checkNavigationUrl('https://ok.example:8443/', ['ok.example:8443'], ORIGIN).ok).toBe(
      true,
    );
  });

  it('refuses relative paths without a leading slash, empty strings and non-strings', () => {
    for (const raw of ['repay', '', '   ', '?a=1', '#x'])
      expect(checkNavigationUrl(raw, ALLOW, ORIGIN).ok).toBe(false);
    expect(checkNavigationUrl(42 as unknown as string, ALLOW, ORIGIN).ok).toBe(false);
  });

  it('gives a reason when refusing', () => {
    const r = checkNavigationUrl('https://evil.tld', ALLOW, ORIGIN);
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('evil.tld') });
  });
});

/** Images and frames on other hosts only from these, never with the borrower's session. */
const IMAGES = {
  hosts: ['cdn.elsewhere.tld', 'img.kopa.example:8443'],
  sessionValues: ['10001', 'demo-session-abcdef', '255700111222', ''],
};

describe('checkImageUrl', () => {
  it.each([
    '/img/logo.png',
    'https://cdn.elsewhere.tld/a.jpg',
    'HTTPS://CDN.ELSEWHERE.TLD/a.jpg',
    'https://img.kopa.example:8443/a.jpg',
    'https://cdn.elsewhere.tld/products/P002.png?v=3',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:image/gif;base64,R0lGODlh',
    'data:image/webp;base64,UklGRg==',
    'blob:https://app.kopa.example/0b6f2c1e-7d0a-4a57-9d6e-1d5a3b1c2d3e',
  ])('allows %j', (raw) => {
    expect(checkImageUrl(raw, ORIGIN, IMAGES).ok).toBe(true);
  });

  it.each([
    ...DANGEROUS_SCHEMES,
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:image/png,notbase64<script>',
    'blob:https://evil.tld/0b6f2c1e',
    'http://cdn.elsewhere.tld/a.jpg',
    'http://pay.kopa.example/a.png',
    'HTTP://pay.kopa.example/a.png',
    'hTtP://cdn.elsewhere.tld/a.png',
    'http:\\\\cdn.elsewhere.tld\\a.png',
    'http://app.kopa.example:80/a.png',
    '//evil.tld/a.png',
    '/\\evil.tld/a.png',
    'https://user@cdn.tld/a.png',
  ])('refuses %j', (raw) => {
    expect(checkImageUrl(raw, ORIGIN, IMAGES).ok).toBe(false);
  });

  it.each([
    'https://evil.tld/p.png',
    'https://cdn.elsewhere.tld.evil.tld/a.png',
    'https://img.kopa.example/a.png',
    'https://pay.kopa.example/a.png',
  ])('refuses %j: not on the image hosts (config/app.json imageHosts)', (raw) => {
    expect(checkImageUrl(raw, ORIGIN, IMAGES)).toEqual({
      ok: false,
      reason: expect.stringContaining('not on the allowlist'),
    });
  });

  it.each([
    'https://cdn.elsewhere.tld/p.png?s=demo-session-abcdef',
    'https://cdn.elsewhere.tld/p.png?u=10001',
    'https://cdn.elsewhere.tld/u/10001/p.png',
    'https://cdn.elsewhere.tld/p.png?x=a-demo-session-abcdef-b',
    'https://cdn.elsewhere.tld/p.png?x=demo%2Dsession%2Dabcdef',
    'https://cdn.elsewhere.tld/p.png#255700111222',
    // The ways the page's own check was passed before: a value inside a segment, upper-cased,
    // in base64, a phone written with its country code.
    'https://cdn.elsewhere.tld/u10001.png',
    'https://cdn.elsewhere.tld/p.png?s=DEMO-SESSION-ABCDEF',
    `https://cdn.elsewhere.tld/p.png?s=${btoa('demo-session-abcdef').replace(/=+$/, '')}`,
    'https://cdn.elsewhere.tld/p.png?p=255700111222x',
    'https://cdn.elsewhere.tld/p.png?p=+255-700-111-222',
    'https://cdn.elsewhere.tld/p.png?p=0700111222',
  ])('refuses %j: a session value to another origin', (raw) => {
    expect(checkImageUrl(raw, ORIGIN, IMAGES)).toEqual({
      ok: false,
      reason: expect.stringContaining('session value'),
    });
  });

  it('lets the page send its session to its own origin (the captcha image endpoint)', () => {
    expect(
      checkImageUrl('/vexed/captcha?userId=10001&sessionId=demo-session-abcdef', ORIGIN, IMAGES).ok,
    ).toBe(true);
    expect(checkImageUrl('https://cdn.elsewhere.tld/a100012.png', ORIGIN, IMAGES).ok).toBe(true);
  });

  it('allows plain http only on the page origin itself (a development server)', () => {
    expect(
      checkImageUrl('http://localhost:3000/assets/a.png', 'http://localhost:3000', IMAGES),
    ).toEqual({ ok: true, url: 'http://localhost:3000/assets/a.png' });
    expect(
      checkImageUrl('http://localhost:3001/assets/a.png', 'http://localhost:3000', IMAGES),
    ).toEqual({ ok: false, reason: expect.stringContaining('https') });
  });
});

describe('checkFrameUrl', () => {
  const FRAMES = { hosts: ['terms.kopa.example'], sessionValues: ['demo-session-abcdef'] };
  it('embeds same-origin paths and https pages on a frame host', () => {
    expect(checkFrameUrl('/agreement?id=1', ORIGIN, FRAMES)).toEqual({
      ok: true,
      url: '/agreement?id=1',
      external: false,
    });
    expect(checkFrameUrl('https://terms.kopa.example/t', ORIGIN, FRAMES)).toEqual({
      ok: true,
      url: 'https://terms.kopa.example/t',
      external: true,
    });
  });
  it.each([
    ...DANGEROUS_SCHEMES,
    ...OFF_LIST,
    'http://terms.kopa.example/t',
    'https://pay.kopa.example/t',
    'https://terms.kopa.example/t?s=demo-session-abcdef',
  ])('refuses %j', (raw) => {
    expect(checkFrameUrl(raw, ORIGIN, FRAMES).ok).toBe(false);
  });
});

describe('checkBridgeLink', () => {
  const policy = { allowlist: ALLOW, origin: ORIGIN, deepLinkScheme: 'kopa://' };

  it.each([
    ...DANGEROUS_SCHEMES,
    ...OFF_LIST.filter((s) => s !== 'evil.tld'),
    'intent://x#Intent;end',
    'tel:123',
  ])('refuses %j', (raw) => {
    expect(checkBridgeLink(raw, policy).ok).toBe(false);
  });

  it('accepts the app deep-link scheme, route tokens and checked http(s) links', () => {
    expect(checkBridgeLink('kopa://product/3', policy)).toEqual({
      ok: true,
      url: 'kopa://product/3',
      external: true,
    });
    expect(checkBridgeLink('productDetail?id=3', policy)).toMatchObject({
      ok: true,
      url: 'productDetail?id=3',
    });
    expect(checkBridgeLink('https://pay.kopa.example/x', policy)).toMatchObject({ ok: true });
    expect(checkBridgeLink('/loanDetail', policy)).toMatchObject({
      ok: true,
      url: '/loanDetail',
      external: false,
    });
  });

  it.each([
    'http://pay.kopa.example/x',
    'HTTP://pay.kopa.example/x',
    'http:\\\\pay.kopa.example\\x',
  ])('refuses plain http %j for openLink', (raw) => {
    expect(checkBridgeLink(raw, policy)).toEqual({
      ok: false,
      reason: expect.stringContaining('https'),
    });
  });

  it('a scheme-less host and the deep link wrapping a web address are checked as web addresses, session values included', () => {
    const withSession = { ...policy, sessionValues: ['10001', 'demo-session-abcdef'] };
    expect(checkBridgeLink('evil.tld/x', policy)).toEqual({
      ok: false,
      reason: expect.stringContaining('not on the allowlist'),
    });
    expect(checkBridgeLink('pay.kopa.example/?s=demo-session-abcdef', withSession)).toEqual({
      ok: false,
      reason: 'a session value to host "pay.kopa.example"',
    });
    expect(checkBridgeLink('pay.kopa.example/help', withSession)).toMatchObject({ ok: true });
    expect(checkBridgeLink('kopa://open?url=https%3A%2F%2Fevil.tld%2F', withSession)).toEqual({
      ok: false,
      reason: expect.stringContaining('the wrapped address'),
    });
    expect(
      checkBridgeLink('kopa://open?url=https://pay.kopa.example/u10001.png', withSession),
    ).toEqual({ ok: false, reason: expect.stringContaining('a session value') });
    expect(checkBridgeLink('https://pay.kopa.example/?s=DEMO-SESSION-ABCDEF', withSession).ok).toBe(
      false,
    );
  });

  it('refuses a custom scheme when none is configured', () => {
    expect(checkBridgeLink('kopa://product/3', { allowlist: ALLOW, origin: ORIGIN }).ok).toBe(
      false,
    );
  });
});
