/**
 * Search engines: /robots.txt; the official site's pages indexable, each with its meta
 * description in the page's language; every borrower page, the studio and every non-page answer
 * noindex (X-Robots-Tag, and the robots meta on pages); a file nobody has is a plain 404, and an
 * unknown page path is the app's not-found page with status 404.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../config/routes.json';
import en from '../../messages/layouts/en.json';
import zh from '../../messages/layouts/zh.json';
import { SESSION_QS, startServer, type TestServer } from './helpers';

let s: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kopa-crawlers-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Kopa</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'export {};\n');
  writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  s = await startServer({ distDir: dist });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  s.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

const pages: Array<{ path: string; layout: string; public?: boolean }> = Object.values(
  routes.pages,
);
const site = pages.filter((p) => p.public === true);
const borrower = pages.filter((p) => p.public !== true);
const ROBOTS_META = '<meta name="robots" content="noindex">';
const escaped = (text: string) => text.replace(/&/g, '&amp;');

describe('robots.txt', () => {
  it('allows the official site and disallows every borrower page, the studio, the API and uploads', async () => {
    const res = await s.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.trim().split('\n');
    expect(lines).toContain('User-agent: *');
    expect(site.map((p) => p.path).sort()).toEqual(['/', '/About', '/Contact', '/Loan', '/Policy']);
    for (const p of site) expect(lines).toContain(`Allow: ${p.path === '/' ? '/$' : p.path}`);
    for (const p of borrower) expect(lines).toContain(`Disallow: ${p.path}`);
    for (const area of ['/studio', '/vexed/', '/uploads/', '/*kopaPreview='])
      expect(lines).toContain(`Disallow: ${area}`);
    // No Disallow rule is a prefix of a site page (rules match by prefix and letter case).
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const p of site)
      expect(
        disallowed.filter((d) => p.path.startsWith(d) && d !== '/'),
        p.path,
      ).toEqual([]);
    expect(res.body).not.toContain('<div id="root">');
  });
});

describe('pages', () => {
  it('each official site page is indexable, with its meta description in the page language', async () => {
    const wanted: Record<string, string> = {
      '/': 'site.meta.home',
      '/About': 'site.meta.about',
      '/Policy': 'site.meta.policy',
      '/Loan': 'site.meta.loan',
      '/Contact': 'site.meta.contact',
    };
    for (const p of site) {
      const key = wanted[p.path] as keyof typeof en & keyof typeof zh;
      const res = await page(p.path);
      expect(res.statusCode, p.path).toBe(200);
      expect(res.headers['x-robots-tag'], p.path).toBeUndefined();
      expect(res.body, p.path).not.toContain('name="robots"');
      expect(res.body, p.path).toContain(`<meta name="description" content="${escaped(en[key])}">`);
      const zhPage = await page(`${p.path}?lang=zh`);
      expect(zhPage.body, p.path).toContain(`<meta name="description" content="${zh[key]}">`);
    }
    // Another spelling of a site page is the same page (the app's router reads it so).
    const lower = await page('/about/');
    expect(lower.statusCode).toBe(200);
    expect(lower.headers['x-robots-tag']).toBeUndefined();
  });

  it('every borrower page, in any spelling, is noindex by header and meta, and has no description', async () => {
    expect(borrower.length).toBeGreaterThan(25);
    for (const p of borrower) {
      for (const url of [`${p.path}?${SESSION_QS}`, p.path.toUpperCase()]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-robots-tag'], url).toBe('noindex');
        expect(res.body, url).toContain(ROBOTS_META);
        expect(res.body, url).not.toContain('name="description"');
      }
    }
  });

  it('the studio, the API, layouts and assets are noindex too', async () => {
    const studio = await page('/studio');
    expect(studio.headers['x-robots-tag']).toBe('noindex');
    expect(readFileSync(join(import.meta.dirname, '../../studio.html'), 'utf8')).toContain(
      '<meta name="robots" content="noindex" />',
    );
    for (const url of [
      `/vexed/v3/loan-details/loan-details?${SESSION_QS}&orderId=O170`,
      '/layouts/repay.json',
      '/assets/app-1.js',
      '/robots.txt',
    ]) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });
});

describe('not found', () => {
  it('a file nobody has is a plain 404 for a browser too, never the app page', async () => {
    for (const url of [
      '/x.php',
      '/wp-login.php',
      '/favicon.txt',
      '/.env',
      '/.git/config',
      '/sitemap.xml',
      '/ads.txt',
      '/index.html',
      '/repay.bak',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        code: '404',
        message: `Not found: GET ${url}`,
        requestId: res.headers['x-request-id'],
      });
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
    // A real file is still served.
    expect((await page('/favicon.ico')).statusCode).toBe(200);
  });

  it("an unknown page path is the app's not-found page with status 404, noindex, never revalidated into a 304", async () => {
    const res = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(ROBOTS_META);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const again = await page('/no/such/page', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(404);
    // An API client asking for JSON gets the JSON 404.
    const json = await s.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({
      code: '404',
      message: 'Not found: GET /no/such/page',
      requestId: json.headers['x-request-id'],
    });
  });
});
