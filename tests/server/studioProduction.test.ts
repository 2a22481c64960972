/**
 * The studio in production: switched off (no STUDIO_PASSWORD) it answers 404 under all of /studio,
 * its built page and scripts included; its cookie is `Secure` by default, plain http allowed only
 * with STUDIO_INSECURE_COOKIES=1; X-Forwarded-Proto from a trusted proxy counts in any letter case.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuildOptions } from '../../server/app';
import { DEMO_STUDIO_PASSWORD, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { startServer, type TestServer } from './helpers';

/** A built app with a built studio: its page and one script. */
let dist = '';
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'kopa-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(dist, 'studio', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'studio', 'studio.html'), '<!doctype html><title>Kopa studio</title>');
  writeFileSync(join(dist, 'studio', 'assets', 'studio-abc123.js'), 'console.log(1)');
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server built with these environment variables set (restored afterwards). */
async function startWith(
  env: Record<string, string>,
  extra: Partial<BuildOptions> = {},
): Promise<TestServer> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const s = await startServer({ distDir: dist, ...extra });
    servers.push(s);
    return s;
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

const STUDIO_PATHS = [
  '/studio',
  '/studio/',
  '/studio/studio.html',
  '/studio/assets/studio-abc123.js',
  '/studio/assets/missing.js',
  '/studio/api/me',
  '/studio/anything',
];

describe('the studio off', () => {
  it('answers 404 to its page, its scripts and its API; the same build serves them when on', async () => {
    const on = await startWith({});
    expect((await on.inject({ method: 'GET', url: '/studio/studio.html' })).statusCode).toBe(200);
    expect(
      (await on.inject({ method: 'GET', url: '/studio/assets/studio-abc123.js' })).statusCode,
    ).toBe(200);

    const off = await startWith({ NODE_ENV: 'production' }, { demo: false });
    for (const url of STUDIO_PATHS) {
      const res = await off.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Kopa studio');
      expect(res.body, url).not.toContain('console.log');
    }
    const login = await off.inject({
      method: 'POST',
      url: '/studio/api/login',
      payload: { user: DEMO_STUDIO_USER, password: DEMO_STUDIO_PASSWORD },
    });
    expect(login.statusCode).toBe(404);
    // The app itself is still served.
    expect((await off.inject({ method: 'GET', url: '/repay' })).statusCode).toBe(200);
  });
});

describe('the studio cookie', () => {
  const PASSWORD = 'a-real-studio-password';
  async function cookieOf(s: TestServer, headers: Record<string, string> = {}): Promise<string> {
    const res = await s.inject({
      method: 'POST',
      url: '/studio/api/login',
      headers,
      payload: { user: 'ops', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return String(res.headers['set-cookie']);
  }
  const production = { NODE_ENV: 'production', STUDIO_USER: 'ops', STUDIO_PASSWORD: PASSWORD };

  it('production: Secure even on plain http, on login and on logout', async () => {
    const s = await startWith(production, { demo: false });
    const set = await cookieOf(s);
    expect(set).toMatch(/; Secure$/);
    const token = set.split(';')[0]!;
    const out = await s.inject({
      method: 'POST',
      url: '/studio/api/logout',
      headers: { cookie: token },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0; Secure$/);
  });

  it('production with STUDIO_INSECURE_COOKIES=1: not Secure on plain http, Secure over https', async () => {
    const s = await startWith(
      { ...production, STUDIO_INSECURE_COOKIES: '1' },
      { demo: false, trustProxy: ['127.0.0.1'] },
    );
    expect(await cookieOf(s)).not.toMatch(/Secure/);
    expect(await cookieOf(s, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure$/);
  });

  it('outside production: Secure when a trusted proxy forwards https, in any letter case', async () => {
    const s = await startWith(
      { STUDIO_USER: 'ops', STUDIO_PASSWORD: PASSWORD },
      { trustProxy: ['127.0.0.1'] },
    );
    for (const proto of ['https', 'HTTPS', 'Https'])
      expect(await cookieOf(s, { 'x-forwarded-proto': proto }), proto).toMatch(/; Secure$/);
    for (const proto of ['http', 'HTTP'])
      expect(await cookieOf(s, { 'x-forwarded-proto': proto }), proto).not.toMatch(/Secure/);
    expect(await cookieOf(s)).not.toMatch(/Secure/);
  });

  it('an untrusted peer cannot claim https', async () => {
    const s = await startWith({ STUDIO_USER: 'ops', STUDIO_PASSWORD: PASSWORD });
    expect(await cookieOf(s, { 'x-forwarded-proto': 'HTTPS' })).not.toMatch(/Secure/);
  });
});
