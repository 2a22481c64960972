/** SECURITY.md 19 and 22: uploads checked on the server; complaint text limited and kept as text. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, multipart, PNG_1PX, SESSION_QS, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

const upload = (name: string, content: Buffer, type?: string, field = 'problemImage') =>
  s.inject({ method: 'POST', url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`, ...multipart(field, name, content, type) });

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);

describe('complaint image upload', () => {
  it.each([['png', PNG_1PX], ['jpg', JPEG], ['gif', GIF], ['webp', WEBP]])('accepts %s by magic bytes and serves it back', async (ext, bytes) => {
    const res = await upload(`photo.${ext}`, bytes);
    const data = expectSuccess('uploadProblemImg', { status: res.statusCode, body: res.json() }) as { url: string };
    expect(data.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
    const back = await s.inject({ method: 'GET', url: data.url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(bytes)).toBe(true);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['over the size limit', 'big.png', Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]), /larger than 5 MB/],
    ['0 bytes', 'empty.png', Buffer.alloc(0), /empty/],
    ['not an image', 'doc.png', Buffer.from('%PDF-1.4 not an image'), /Not an image/],
    ['HTML posing as PNG', 'x.png', Buffer.from('<html><script>alert(1)</script></html>'), /Not an image/],
    ['SVG content', 'pic.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), /SVG/],
    ['SVG file name', 'pic.svg', PNG_1PX, /SVG/],
    ['path in the file name', '../../etc/passwd.png', PNG_1PX, /path/],
    ['windows path in the file name', 'C:\\temp\\a.png', PNG_1PX, /path/],
  ])('refuses %s with a clear message', async (_n, name, bytes, message) => {
    const res = await upload(name, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('400');
    expect(res.json().message).toMatch(message);
  });

  it('refuses the wrong field, a non-multipart body and a missing session', async () => {
    expect((await upload('a.png', PNG_1PX, undefined, 'file')).statusCode).toBe(400);
    const plain = await s.inject({ method: 'POST', url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`, payload: { a: 1 } });
    expect(plain.statusCode).toBe(400);
    const anon = await s.inject({ method: 'POST', url: '/vexed/user-problem/upload-problem-img', ...multipart('problemImage', 'a.png', PNG_1PX) });
    expect(anon.statusCode).toBe(401);
  });

  it('unknown or malformed upload names are 404', async () => {
    expect((await s.inject({ method: 'GET', url: '/uploads/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await s.inject({ method: 'GET', url: `/uploads/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
  });

  it('a recorded upload whose file is gone from disk is a 404 envelope, not a 500', async () => {
    const res = await upload('gone.png', PNG_1PX);
    const { url } = expectSuccess('uploadProblemImg', { status: res.statusCode, body: res.json() }) as { url: string };
    rmSync(join(s.dataDir, url)); // dataDir/uploads/<name>
    const back = await s.inject({ method: 'GET', url });
    expect(back.statusCode).toBe(404);
    expect(back.json()).toMatchObject({ code: '404' });
  });
});

describe('complaint text', () => {
  const XSS = '<img src=x onerror=alert(1)>"><svg onload=alert(1)>';

  it('is stored and returned as the literal text', async () => {
    const saved = expectSuccess('problemSave', await s.call('problemSave', { problemType: 3, problemDetail: XSS, problemImage: '', orderNo: '' })) as { problemId: string };
    const d = expectSuccess('problemDetail', await s.call('problemDetail', { problemId: saved.problemId })) as { content: string };
    expect(d.content).toBe(XSS);
    const list = expectSuccess('problemList', await s.call('problemList', {})) as { tabs: Array<{ list: Array<{ content: string }> }> };
    expect(list.tabs[0]?.list[0]?.content).toBe(XSS);
  });

  it('enforces 200 characters, non-empty, on the server', async () => {
    expect((await s.call('problemSave', { problemType: 3, problemDetail: 'x'.repeat(201) })).status).toBe(400);
    expectSuccess('problemSave', await s.call('problemSave', { problemType: 3, problemDetail: '😀'.repeat(200) }));
    const blank = await s.call('problemSave', { problemType: 3, problemDetail: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please fill in your comments and suggestions');
  });

  it('refuses foreign image URLs, more than 9 images, and collection on an order without a loan', async () => {
    expect((await s.call('problemSave', { problemType: 3, problemDetail: 'x', problemImage: 'https://evil.tld/a.png' })).status).toBe(400);
    expect((await s.call('problemSave', { problemType: 3, problemDetail: 'x', problemImage: Array(10).fill(`/uploads/${'a'.repeat(32)}.png`).join(',') })).status).toBe(400);
    const col = await s.call('problemSave', { problemType: 1, problemSonType: 11, problemDetail: 'x', orderNo: 'O21' });
    expect(col.body.code).toBe('1003');
    expect(col.body.message).toBe('The selected order does not support sending collection types');
    expect((await s.call('problemSave', { problemType: 1, problemDetail: 'x', orderNo: 'O170' })).status).toBe(400);
  });
});
