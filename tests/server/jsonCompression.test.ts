/**
 * JSON answers over 1 KB go compressed by negotiation (brotli, gzip, or as they are),
 * always with Vary: Accept-Encoding, and decode to the same JSON; small answers go as they are.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../server/http/jsonCompression';
import { startServer, url, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

// The demo order O170's plan: a few KB of JSON, well over the threshold.
const plan = (acceptEncoding?: string) =>
  s.inject({
    method: 'POST',
    url: url('installmentPlan'),
    payload: { orderId: 'O170', productId: 'P002' },
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const decode: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

describe('JSON answers are compressed by negotiation', () => {
  it('sends the plan as it is without Accept-Encoding, larger than the threshold, with Vary', async () => {
    const res = await plan();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect((res.json() as { code: number }).code).toBe(0);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br', 'br'],
  ])('Accept-Encoding "%s" gets %s, which decodes to the same JSON', async (header, coding) => {
    const plain = (await plan()).json();
    const res = await plan(header);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-length']).toBeUndefined();
    const body = decode[coding]!(res.rawPayload);
    expect(res.rawPayload.length).toBeLessThan(body.length);
    expect(JSON.parse(body.toString('utf8'))).toEqual(plain);
  });

  it.each(['identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'Accept-Encoding "%s" gets the JSON as it is',
    async (header) => {
      const res = await plan(header);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect((res.json() as { code: number }).code).toBe(0);
    },
  );

  it('sends a small answer as it is even when brotli is accepted', async () => {
    const res = await s.inject({
      method: 'POST',
      url: url('installmentPlan', ''),
      payload: { orderId: 'O170', productId: 'P002' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.json() as { message: string }).message).toMatch(/session/i);
  });

  it('sends a layout compressed too, with its ETag, and revalidates it whatever the encoding', async () => {
    const plain = await s.inject({ method: 'GET', url: '/layouts/repay.json' });
    const res = await s.inject({
      method: 'GET',
      url: '/layouts/repay.json',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    const again = await s.inject({
      method: 'GET',
      url: '/layouts/repay.json',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
