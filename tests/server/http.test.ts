/** SECURITY.md 23 (headers on HTML), the built app with history fallback, and layouts. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importLayouts } from '../../server/layouts/import';
import { startServer, type TestServer } from './helpers';

// The real validator is owned by the foundation work; here a document is invalid iff it says so,
// which keeps these tests about the serving rules, not about the layout schema.
// The server calls validateLayoutSafely (the never-crashing form), so both names get the stand-in.
vi.mock('../../src/lint/validateLayout', () => {
  const fake = (doc: unknown, file: string) =>
    doc && typeof doc === 'object' && (doc as { invalid?: boolean }).invalid
      ? [
          {
            file,
            pointer: '/invalid',
            code: 'test.invalid',
            message: 'marked invalid',
            severity: 'error',
          },
        ]
      : [
          {
            file,
            pointer: '',
            code: 'test.note',
            message: 'a warning is not a refusal',
            severity: 'warning',
          },
        ];
  return { validateLayoutDocument: fake, validateLayoutSafely: fake };
});

let s: TestServer;
let dir: string;
const dist = () => join(dir, 'dist');
const layouts = () => join(dir, 'layouts');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kopa-http-'));
  mkdirSync(join(dist(), 'assets'), { recursive: true });
  mkdirSync(layouts(), { recursive: true });
  writeFileSync(
    join(dist(), 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(join(dist(), 'assets', 'app.js'), 'console.log("app")');
  s = await startServer({ distDir: dist(), layoutsDir: layouts() });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectHtmlHeaders(h: Record<string, unknown>) {
  const csp = String(h['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(['no-referrer', 'strict-origin', 'same-origin']).toContain(h['referrer-policy']);
}

describe('the app and its headers', () => {
  it.each([
    '/',
    '/loanDetail?userId=1&sessionId=x',
    '/repay',
    '/complainDetails?problemId=1',
    '/de-user',
    '/About',
    '/no/such/page',
  ])('%s serves index.html with the security headers', async (path) => {
    const res = await s.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    // An unknown path is the app's not-found page, with its status (tests/server/crawlers.test.ts).
    expect(res.statusCode).toBe(path === '/no/such/page' ? 404 : 200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expectHtmlHeaders(res.headers);
  });

  it('serves built assets, and API/layout misses are JSON 404s, not the app', async () => {
    const js = await s.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    for (const path of ['/vexed/unknown', '/layouts/missing.json', '/uploads/nothing.png']) {
      const res = await s.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: '404' });
    }
  });

  it('without a build, / says to run npm run build (still with the headers)', async () => {
    const bare = await startServer();
    try {
      const res = await bare.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain('npm run build');
      expectHtmlHeaders(res.headers);
    } finally {
      await bare.close();
    }
  });

  it('demo logos are served', async () => {
    const res = await s.inject({ method: 'GET', url: '/assets/demo/logo-kopa-cash.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});

describe('layouts', () => {
  // A layout file written, then imported (npm run layouts:import): layouts live in the database.
  const write = async (name: string, text: string, mtime: number) => {
    const file = join(layouts(), `${name}.json`);
    writeFileSync(file, text);
    utimesSync(file, mtime, mtime);
    await importLayouts(s.db, layouts(), 'all');
    s.app.kopaLayouts.store.invalidate();
  };
  const get = (name: string, headers: Record<string, string> = {}) =>
    s.inject({ method: 'GET', url: `/layouts/${name}.json`, headers });

  it('serves JSON with an ETag and answers 304 to If-None-Match', async () => {
    await write('home', '{"screen":"home","v":1}', 1000);
    const res = await get('home');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ screen: 'home', v: 1 });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get('home', { 'if-none-match': etag })).statusCode).toBe(304);
    await write('home', '{"screen":"home","v":2}', 2000);
    const changed = await get('home', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ screen: 'home', v: 2 });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves the compiled form the app reads, with its own ETag and 304', async () => {
    const layout = {
      id: 'welcome',
      version: 1,
      title: 'Welcome',
      state: { n: 2 },
      body: [{ type: 'text', text: 'You have {{ state.n * 2 }} offers' }],
    };
    await write('welcome', JSON.stringify(layout), 1000);
    const url = '/layouts/welcome.compiled.json';
    const res = await s.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const compiled = res.json();
    expect(compiled).toMatchObject({ format: 2, name: 'welcome', layout, widgets: ['text'] });
    // The checker's type of the binding's text, and no labels: nothing labelled reaches a URL.
    expect(compiled.types).toEqual({ '/body/0/text': 'text' });
    expect(compiled.labels).toEqual({});
    expect(compiled.version).toBeGreaterThan(0);
    expect(Object.keys(compiled.templates)).toEqual(['You have {{ state.n * 2 }} offers']);
    const etag = String(res.headers.etag);
    expect(etag).not.toBe(String((await get('welcome')).headers.etag));
    const again = await s.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await s.inject({ method: 'GET', url: '/layouts/nope.compiled.json' })).statusCode).toBe(
      404,
    );
  });

  it('keeps serving the last good version when the file becomes invalid or not JSON', async () => {
    await write('repay', '{"screen":"repay","v":1}', 1000);
    expect((await get('repay')).json()).toEqual({ screen: 'repay', v: 1 });
    await write('repay', '{"screen":"repay","invalid":true}', 2000);
    expect((await get('repay')).json()).toEqual({ screen: 'repay', v: 1 });
    await write('repay', '<html>not json</html>', 3000);
    expect((await get('repay')).json()).toEqual({ screen: 'repay', v: 1 });
    await write('repay', '{"screen":"repay","v":3}', 4000);
    expect((await get('repay')).json()).toEqual({ screen: 'repay', v: 3 });
  });

  it('a layout that never passed the checks is never published (404); 404 for unknown or unsafe names', async () => {
    await write('broken', '{"invalid":true}', 1000);
    const res = await get('broken');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('404');
    expect((await get('nope')).statusCode).toBe(404);
    // A respelt path is refused before any handler (server/http/pathGuard.ts).
    expect((await s.inject({ method: 'GET', url: '/layouts/..%2Fpackage.json' })).statusCode).toBe(
      400,
    );
    expect((await s.inject({ method: 'GET', url: '/layouts/a.b.json' })).statusCode).toBe(404);
  });
});
