/**
 * The app's HTML is compressed once per layout version, language and kind
 * (server/page/compressedPage.ts), and nothing of a page depends on its query. Every encoding
 * must decode to exactly the page's text, byte for byte; through the server every query gets the
 * same page and ETag.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPage, pageRepresentation } from '../../server/page/compressedPage';
import { startServer, type TestServer } from './helpers';

const PAGE = `<!doctype html><html lang="en"><head><title>Kopa</title></head><body><div id="root"></div>${'<p>Installment 1 of 3, due 2026-12-01</p>'.repeat(500)}é€😀</body>\n</html>\n`;

/** Decodes brotli as a browser does, in small pieces. */
async function brotliInPieces(body: Buffer): Promise<string> {
  const out: Buffer[] = [];
  const d = createBrotliDecompress();
  d.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => {
    d.on('end', resolve);
    d.on('error', reject);
  });
  for (let at = 0; at < body.length; at += 61) d.write(body.subarray(at, at + 61));
  d.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('compressPage', () => {
  for (const best of [true, false]) {
    it(`every encoding decodes to the page's text (${best ? 'kept page: brotli 11, gzip 9' : 'preview: brotli 5, gzip 6'})`, async () => {
      const rep = pageRepresentation(await compressPage(PAGE, best), 'text/html', 'no-cache');
      expect(rep.bodies.identity.toString('utf8')).toBe(PAGE);
      expect(gunzipSync(rep.bodies.gzip ?? Buffer.alloc(0)).toString('utf8')).toBe(PAGE);
      expect(brotliDecompressSync(rep.bodies.br ?? Buffer.alloc(0)).toString('utf8')).toBe(PAGE);
      expect(await brotliInPieces(rep.bodies.br ?? Buffer.alloc(0))).toBe(PAGE);
      // Compressed, not just wrapped: the text repeats itself.
      expect(rep.bodies.br?.length).toBeLessThan(PAGE.length / 10);
      expect(rep.bodies.gzip?.length).toBeLessThan(PAGE.length / 10);
    });
  }

  it('a kept page is compressed harder than a preview', async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `<p>row ${i * 7919} ${i % 13}</p>`).join(
      '',
    );
    const kept = await compressPage(text, true);
    const preview = await compressPage(text, false);
    expect(kept.br.length).toBeLessThan(preview.br.length);
  });

  it('the ETag names the text: the same for the same text, whatever the level, another for another', async () => {
    expect((await compressPage(PAGE, true)).etag).toBe((await compressPage(PAGE, false)).etag);
    expect((await compressPage(`${PAGE}!`, true)).etag).not.toBe(
      (await compressPage(PAGE, true)).etag,
    );
  });
});

describe('the app page through the server', () => {
  let s: TestServer;
  let dir: string;
  const LAYOUT = {
    id: 'customer-service',
    version: 1,
    title: 'Online service',
    dataSources: {
      kf: { endpoint: 'contactKfInfo', params: { overall: 30, order: '{{ query.orderId }}' } },
    },
    body: [
      { type: 'page-header', title: 'Online service' },
      { type: 'text', text: 'Hello {{ data.kf.email }}' },
    ],
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kopa-page-compression-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets', 'early'), { recursive: true });
    mkdirSync(join(dist, '.vite'), { recursive: true });
    mkdirSync(join(dir, 'layouts'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Kopa</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>\n</html>\n',
    );
    writeFileSync(join(dist, 'assets', 'early.js'), 'window.early=1;');
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/app/shell/early.ts': { file: 'assets/early.js' } }),
    );
    writeFileSync(join(dir, 'layouts', 'customer-service.json'), JSON.stringify(LAYOUT));
    s = await startServer({ distDir: dist, layoutsDir: join(dir, 'layouts') });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) =>
    s.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload).toString()
      : res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(res.rawPayload).toString()
        : res.rawPayload.toString();
  // The early plan names query keys, so a page is one text whatever its query.
  it('every query gets the same page, with its plan, in br, gzip and as is', async () => {
    const texts: string[] = [];
    for (const [encoding, orderId] of [
      ['br', 'O1'],
      ['br', 'O2'],
      ['gzip', 'O3'],
      ['identity', 'O4'],
    ] as const) {
      const res = await get(`/customerService?orderId=${orderId}`, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const html = decode(res);
      expect(html).toContain('<script type="application/json" id="kopa-early">');
      expect(html).not.toContain(orderId);
      texts.push(html);
    }
    expect(new Set(texts).size).toBe(1);
  });

  it('revalidates across queries: the same ETag, so 304 for another order too', async () => {
    const first = await get('/customerService?orderId=O9', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    for (const url of ['/customerService?orderId=O9', '/customerService?orderId=O10'])
      expect(
        (await get(url, { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode,
      ).toBe(304);
  });

  it('a page without a per-query block is the page as is, in every encoding', async () => {
    const plain = await get('/', { 'accept-encoding': 'identity' });
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(res)).toBe(plain.rawPayload.toString());
    }
    expect(plain.rawPayload.toString()).not.toContain('kopa-early');
  });
});
