/**
 * Built files are sent compressed by negotiation (brotli, gzip, as is) with Vary and the
 * length of the bytes sent; hashed assets are immutable for a year; HTML, sw.js and layouts
 * revalidate with ETags (304).
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../scripts/build/compress';
import { negotiate } from '../../server/http/staticFiles';
import { importLayouts } from '../../server/layouts/import';
import { startServer, type TestServer } from './helpers';

let s: TestServer;
let dir: string;
// Big and repetitive enough that each compressed copy is worth having.
const APP_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ periodNo: ${i}, label: "Installment ${i}" }`).join(', ')}];\n`;
const LAYOUT = {
  id: 'customer-service',
  version: 1,
  title: 'Online service',
  body: [
    { type: 'page-header', title: 'Online service' },
    { type: 'text', text: 'Hello' },
  ],
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kopa-static-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'layouts'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Kopa</title></head><body><div id="root"></div><script type="module" src="/assets/app-Ab12Cd34.js"></script></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app-Ab12Cd34.js'), APP_JS);
  writeFileSync(join(dist, 'sw.js'), `self.__KOPA_BUILD__ = {"version":"v1"};\n${APP_JS}`);
  writeFileSync(join(dir, 'layouts', 'customer-service.json'), JSON.stringify(LAYOUT));
  compressDir(dist); // what the build's plugin does
  s = await startServer({ distDir: dist, layoutsDir: join(dir, 'layouts') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  s.inject({ method: 'GET', url, headers });

describe('compressed assets by negotiation', () => {
  it('sends brotli when the browser accepts it (preferred over gzip), with Vary and the length sent', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip when brotli is not accepted or refused with q=0', async () => {
    for (const ae of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1.0, br;q=0']) {
      const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': ae });
      expect(res.headers['content-encoding'], ae).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
    }
  });

  it('follows the weights: gzip when it is weighted above brotli', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br;q=0.2, gzip;q=0.8' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as is without Accept-Encoding, or when every compression is refused', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'deflate' },
    ]) {
      const res = await get('/assets/app-Ab12Cd34.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body).toBe(APP_JS);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(APP_JS));
    }
  });

  it('answers 406 when even the plain file is refused and nothing else is accepted', async () => {
    expect(
      (await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'identity;q=0' })).statusCode,
    ).toBe(406);
    expect((await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': '*;q=0' })).statusCode).toBe(
      406,
    );
    // "*" stands for brotli too
    expect(
      (await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': '*' })).headers[
        'content-encoding'
      ],
    ).toBe('br');
  });

  it('negotiate(): the rules in one place', () => {
    const all = ['br', 'gzip', 'identity'] as const;
    expect(negotiate('gzip, br', all)).toBe('br');
    expect(negotiate('gzip, br', ['gzip', 'identity'])).toBe('gzip');
    expect(negotiate('BR;Q=0, GZIP', all)).toBe('gzip');
    expect(negotiate('x-gzip', all)).toBe('gzip');
    expect(negotiate(undefined, all)).toBe('identity');
    expect(negotiate('*;q=0, identity;q=0.1', all)).toBe('identity');
  });
});

describe('caching', () => {
  it('hashed assets are cached for a year, immutable', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset is a 404, never the app page (a stale chunk must not parse HTML as code)', async () => {
    const res = await get('/assets/gone-Zz99Yy88.js', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('sw.js revalidates (no-cache) with an ETag and answers 304 to it', async () => {
    const first = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get('/sw.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('the app HTML is compressed, revalidates with an ETag, and the ETag changes with the layout', async () => {
    const first = await get('/customerService?userId=1', {
      accept: 'text/html',
      'accept-encoding': 'gzip, br',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('Online service');
    const etag = String(first.headers.etag);
    const again = await get('/customerService?userId=2', {
      accept: 'text/html',
      'accept-encoding': 'gzip, br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);

    const file = join(dir, 'layouts', 'customer-service.json');
    writeFileSync(file, JSON.stringify({ ...LAYOUT, version: 2, title: 'Help' }));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    // Layouts live in the database: the changed file is published by an import.
    await importLayouts(s.db, join(dir, 'layouts'), 'all');
    s.app.kopaLayouts.store.invalidate();
    const changed = await get('/customerService', { accept: 'text/html', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('layouts revalidate with their ETag (304)', async () => {
    const first = await get('/layouts/customer-service.json');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const res = await get('/layouts/customer-service.json', {
      'if-none-match': String(first.headers.etag),
    });
    expect(res.statusCode).toBe(304);
  });
});
