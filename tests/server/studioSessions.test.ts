/**
 * The studio's door: a logout ends the session on the server (a copy of the cookie
 * opens nothing afterwards), the cookie is `Secure` when the request came over https (read from
 * X-Forwarded-Proto only when TRUST_PROXY names the proxy), and failed logins are limited per
 * account as well as per address (guesses from rotating addresses lock the account).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STUDIO_PASSWORD, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { trustProxyFromEnv } from '../../server/http/trustProxy';
import { startServer, type TestServer } from './helpers';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(extra: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const s = await startServer(extra);
  servers.push(s);
  return s;
}

type Opts = { remoteAddress?: string; headers?: Record<string, string> };
const login = (s: TestServer, user: string, password: string, o: Opts = {}) =>
  s.inject({
    method: 'POST',
    url: '/studio/api/login',
    payload: { user, password },
    remoteAddress: o.remoteAddress,
    headers: o.headers,
  });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie']).split(';')[0] ?? '';
const me = (s: TestServer, cookie: string) =>
  s.inject({ method: 'GET', url: '/studio/api/me', headers: { cookie } });

describe('studio sessions', () => {
  it('logout revokes the session on the server: the same cookie no longer opens /studio/api/me', async () => {
    const s = await start();
    const res = await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res);
    const other = cookieOf(await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD));
    expect((await me(s, cookie)).json()).toMatchObject({
      data: { user: DEMO_STUDIO_USER, role: 'publisher' },
    });

    const out = await s.inject({
      method: 'POST',
      url: '/studio/api/logout',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^kopa_studio=; .*Max-Age=0/);
    // The browser would drop the cookie; an attacker holding a copy sends it anyway.
    const after = await me(s, cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: 'Log in to the studio first.' });
    expect(
      (await s.inject({ method: 'GET', url: '/studio/api/layouts', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
    // Only that session ended: the operator's other login goes on.
    expect((await me(s, other)).statusCode).toBe(200);
    // The database keeps the token's hash, never the token.
    const rows = await s.db.selectFrom('studio_sessions').select(['id', 'revoked_at']).execute();
    expect(rows.map((r) => r.id)).not.toContain(cookie.split('=')[1]);
    expect(rows.filter((r) => r.revoked_at !== null)).toHaveLength(1);
  });

  it('a session survives a restart (it is on the database) and ends at its 12 hours', async () => {
    let t = Date.now();
    const s = await start({ now: () => new Date(t) });
    const cookie = cookieOf(await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD));
    await s.close({ keepData: true });
    servers.splice(0);
    const again = await s.restart({ now: () => new Date(t) });
    servers.push(again);
    expect((await me(again, cookie)).statusCode).toBe(200);
    t += 12 * 3600_000 + 1000;
    expect((await me(again, cookie)).statusCode).toBe(401);
  });

  it('the cookie is Secure over https: from a proxy TRUST_PROXY names, never from a header anyone can send', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    // No trusted proxy: the header is ignored (a client cannot choose its own flags).
    const plain = await start();
    const direct = await login(plain, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, { headers: https });
    expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(String(direct.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);

    const proxied = await start({ trustProxy: ['10.0.0.5'] });
    const viaProxy = await login(proxied, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, {
      remoteAddress: '10.0.0.5',
      headers: https,
    });
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/; Secure$/);
    // Plain http through the same proxy: no Secure (the browser would then drop the cookie).
    const viaProxyHttp = await login(proxied, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, {
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(String(viaProxyHttp.headers['set-cookie'])).not.toMatch(/Secure/);
    // Another peer sending the same header is not the proxy.
    const spoofed = await login(proxied, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, {
      remoteAddress: '10.9.9.9',
      headers: https,
    });
    expect(String(spoofed.headers['set-cookie'])).not.toMatch(/Secure/);
    // The logout's removal carries the flag too.
    const out = await proxied.inject({
      method: 'POST',
      url: '/studio/api/logout',
      remoteAddress: '10.0.0.5',
      headers: { ...https, cookie: cookieOf(viaProxy) },
      payload: {},
    });
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0; Secure$/);
  });

  it('TRUST_PROXY lists addresses; "trust everyone" and hop counts are refused at start', () => {
    expect(trustProxyFromEnv({})).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' })).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: 'true' })).toThrow(/name the proxy's addresses/);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: '2' })).toThrow(/hop count/);
  });

  it('guesses from rotating addresses lock the account after ten, with a clear message, even for the right password', async () => {
    const s = await start();
    for (let i = 0; i < 10; i += 1) {
      const res = await login(s, DEMO_STUDIO_USER, `guess-${i}`, {
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    // The 11th try, from a fresh address, with the right password: the account is locked.
    const locked = await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, {
      remoteAddress: '198.51.100.77',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      message: `Too many failed logins for "${DEMO_STUDIO_USER}": this account is locked for 15 minutes after the last failed try, even with the right password. Another operator can go on working meanwhile.`,
    });
    // The same name in another case is the same account.
    expect(
      (await login(s, DEMO_STUDIO_USER.toUpperCase(), 'x', { remoteAddress: '198.51.100.78' }))
        .statusCode,
    ).toBe(429);
    // Another operator is not locked out by them.
    expect(
      (await login(s, 'reviewer', 'kopa-studio-review', { remoteAddress: '198.51.100.79' }))
        .statusCode,
    ).toBe(200);
  });

  it('the account lock ends 15 minutes after the last failure; a success clears the count', async () => {
    let t = Date.now();
    const s = await start({ now: () => new Date(t) });
    for (let i = 0; i < 9; i += 1)
      await login(s, DEMO_STUDIO_USER, 'nope', { remoteAddress: `192.0.2.${i + 1}` });
    expect(
      (await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, { remoteAddress: '192.0.2.50' }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 9; i += 1)
      expect(
        (await login(s, DEMO_STUDIO_USER, 'nope', { remoteAddress: `192.0.2.${i + 1}` }))
          .statusCode,
      ).toBe(401);
    // Nine after the success: not yet locked. One more, and it is.
    expect(
      (await login(s, DEMO_STUDIO_USER, 'nope', { remoteAddress: '192.0.2.60' })).statusCode,
    ).toBe(401);
    expect(
      (await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, { remoteAddress: '192.0.2.61' }))
        .statusCode,
    ).toBe(429);
    t += 15 * 60_000 + 1000;
    expect(
      (await login(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD, { remoteAddress: '192.0.2.62' }))
        .statusCode,
    ).toBe(200);
  });
});
