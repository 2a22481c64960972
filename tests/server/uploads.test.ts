/** SECURITY.md 19 and 22: uploads checked on the server; complaint text limited and kept as text. */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSuccess,
  multipart,
  PNG_1PX,
  SESSION_QS,
  startServer,
  type TestServer,
} from './helpers';
import { gif, jpeg, png, webpVp8, webpVp8l, webpVp8x } from './images';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const upload = (name: string, content: Buffer, type?: string, field = 'problemImage') =>
  s.inject({
    method: 'POST',
    url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`,
    ...multipart(field, name, content, type),
  });

const JPEG = jpeg(640, 480);
const GIF = gif(16, 16);
const WEBP = webpVp8(320, 200);

describe('complaint image upload', () => {
  it.each([
    ['png', PNG_1PX],
    ['jpg', JPEG],
    ['gif', GIF],
    ['webp', WEBP],
  ])('accepts %s by magic bytes and serves it back', async (ext, bytes) => {
    const res = await upload(`photo.${ext}`, bytes);
    const data = expectSuccess('uploadProblemImg', {
      status: res.statusCode,
      body: res.json(),
    }) as { url: string };
    expect(data.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
    const back = await s.inject({ method: 'GET', url: data.url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(bytes)).toBe(true);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    [
      'over the size limit',
      'big.png',
      Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]),
      /larger than 5 MB/,
    ],
    ['0 bytes', 'empty.png', Buffer.alloc(0), /empty/],
    ['not an image', 'doc.png', Buffer.from('%PDF-1.4 not an image'), /Not an image/],
    [
      'HTML posing as PNG',
      'x.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      /Not an image/,
    ],
    [
      'SVG content',
      'pic.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      /SVG/,
    ],
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
    const plain = await s.inject({
      method: 'POST',
      url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`,
      payload: { a: 1 },
    });
    expect(plain.statusCode).toBe(400);
    const anon = await s.inject({
      method: 'POST',
      url: '/vexed/user-problem/upload-problem-img',
      ...multipart('problemImage', 'a.png', PNG_1PX),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('an unknown upload name is 404; an escaped path is refused before any handler (400)', async () => {
    expect(
      (await s.inject({ method: 'GET', url: '/uploads/..%2F..%2Fpackage.json' })).statusCode,
    ).toBe(400);
    expect(
      (await s.inject({ method: 'GET', url: `/uploads/${'a'.repeat(32)}.png` })).statusCode,
    ).toBe(404);
  });

  it('a recorded upload whose file is gone from disk is a 404 envelope, not a 500', async () => {
    const res = await upload('gone.png', PNG_1PX);
    const { url } = expectSuccess('uploadProblemImg', {
      status: res.statusCode,
      body: res.json(),
    }) as { url: string };
    rmSync(join(s.dataDir, url)); // dataDir/uploads/<name>
    const back = await s.inject({ method: 'GET', url });
    expect(back.statusCode).toBe(404);
    expect(back.json()).toMatchObject({ code: '404' });
  });
});

describe('complaint text', () => {
  const XSS = '<img src=x onerror=alert(1)>"><svg onload=alert(1)>';

  it('is stored and returned as the literal text', async () => {
    const saved = expectSuccess(
      'problemSave',
      await s.call('problemSave', {
        problemType: 3,
        problemDetail: XSS,
        problemImage: '',
        orderNo: '',
      }),
    ) as { problemId: string };
    const d = expectSuccess(
      'problemDetail',
      await s.call('problemDetail', { problemId: saved.problemId }),
    ) as { content: string };
    expect(d.content).toBe(XSS);
    const list = expectSuccess('problemList', await s.call('problemList', {})) as {
      tabs: Array<{ list: Array<{ content: string }> }>;
    };
    expect(list.tabs[0]?.list[0]?.content).toBe(XSS);
  });

  it('enforces 200 characters, non-empty, on the server', async () => {
    expect(
      (await s.call('problemSave', { problemType: 3, problemDetail: 'x'.repeat(201) })).status,
    ).toBe(400);
    expectSuccess(
      'problemSave',
      await s.call('problemSave', { problemType: 3, problemDetail: '😀'.repeat(200) }),
    );
    const blank = await s.call('problemSave', { problemType: 3, problemDetail: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please fill in your comments and suggestions');
  });

  it('refuses foreign image URLs, more than 9 images, and collection on an order without a loan', async () => {
    expect(
      (
        await s.call('problemSave', {
          problemType: 3,
          problemDetail: 'x',
          problemImage: 'https://evil.tld/a.png',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await s.call('problemSave', {
          problemType: 3,
          problemDetail: 'x',
          problemImage: Array(10)
            .fill(`/uploads/${'a'.repeat(32)}.png`)
            .join(','),
        })
      ).status,
    ).toBe(400);
    const col = await s.call('problemSave', {
      problemType: 1,
      problemSonType: 11,
      problemDetail: 'x',
      orderNo: 'O21',
    });
    expect(col.body.code).toBe('1003');
    expect(col.body.message).toBe('The selected order does not support sending collection types');
    expect(
      (await s.call('problemSave', { problemType: 1, problemDetail: 'x', orderNo: 'O170' })).status,
    ).toBe(400);
  });
});

describe('pixel dimensions', () => {
  it.each([
    ['PNG 30000x30000', png(30000, 30000)],
    ['PNG 9000x10', png(9000, 10)],
    ['PNG 7000x7000 (49 Mpx)', png(7000, 7000)],
    ['PNG 0x0', png(0, 0)],
    ['JPEG 30000x30000', jpeg(30000, 30000)],
    ['progressive JPEG 20000x100', jpeg(20000, 100, 0xc2)],
    ['GIF 65535x65535', gif(65535, 65535)],
    ['WebP VP8 16383x16383', webpVp8(16383, 16383)],
    ['WebP VP8L 16384x16384', webpVp8l(16384, 16384)],
    ['WebP VP8X 30000x30000', webpVp8x(30000, 30000)],
  ])('refuses %s', async (_n, bytes) => {
    const res = await upload('big.img', bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/pixels|size/);
  });

  it.each([
    ['PNG 8000x4000', png(8000, 4000)],
    ['JPEG 4000x3000', jpeg(4000, 3000)],
    ['GIF 800x600', gif(800, 600)],
    ['VP8L 1000x1000', webpVp8l(1000, 1000)],
    ['VP8X 6000x4000', webpVp8x(6000, 4000)],
  ])('accepts %s', async (_n, bytes) => {
    const res = await upload('ok.img', bytes);
    expectSuccess('uploadProblemImg', { status: res.statusCode, body: res.json() });
  });

  it('refuses an image whose size cannot be read (truncated header)', async () => {
    const res = await upload('cut.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/size/);
  });
});

describe('per-user quota and orphan clean-up', () => {
  const DAY = 86_400_000;

  it('the default quota stops a flood: 50 MB a day (measured)', async () => {
    const q = await startServer();
    try {
      const big = png(100, 100, 4_900_000);
      const t0 = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (
            await q.inject({
              method: 'POST',
              url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`,
              ...multipart('problemImage', 'a.png', big),
            })
          ).statusCode,
        );
      }
      const accepted = statuses.filter((x) => x === 200).length;
      expect(accepted).toBe(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
      const stored = await q.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number>('size').as('bytes'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.bytes)).toBeLessThanOrEqual(50 * 1024 * 1024);
      console.info(`quota: ${accepted} x 4.9 MB accepted, then 429, in ${Date.now() - t0} ms`);
    } finally {
      await q.close();
    }
  });

  it('counts images per rolling window, per user, with a clear message; parallel uploads cannot overshoot', async () => {
    let t = Date.now();
    const q = await startServer({
      now: () => new Date(t),
      uploadQuota: { count: 3, bytes: 10_000_000, windowMs: DAY },
    });
    try {
      const send = (qs = SESSION_QS) =>
        q.inject({
          method: 'POST',
          url: `/vexed/user-problem/upload-problem-img?${qs}`,
          ...multipart('problemImage', 'a.png', PNG_1PX),
        });
      const burst = await Promise.all(Array.from({ length: 8 }, () => send()));
      expect(burst.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(3);
      const refused = burst.find((r) => r.statusCode === 429);
      expect(refused?.json().message).toMatch(/upload limit/i);
      expect((await send('userId=10002&sessionId=demo-session-2')).statusCode).toBe(200); // another user
      t += DAY + 1000;
      expect((await send()).statusCode).toBe(200);
    } finally {
      await q.close();
    }
  });

  it('removes uploads no complaint refers to after 24 hours, from the database and the disk', async () => {
    let t = Date.now();
    const q = await startServer({ now: () => new Date(t) });
    try {
      const up = async () =>
        (
          expectSuccess(
            'uploadProblemImg',
            await (async () => {
              const r = await q.inject({
                method: 'POST',
                url: `/vexed/user-problem/upload-problem-img?${SESSION_QS}`,
                ...multipart('problemImage', 'a.png', PNG_1PX),
              });
              return { status: r.statusCode, body: r.json() };
            })(),
          ) as { url: string }
        ).url;
      const kept = await up();
      const orphan = await up();
      expectSuccess(
        'problemSave',
        await q.call('problemSave', {
          problemType: 3,
          problemDetail: 'with a picture',
          problemImage: kept,
        }),
      );
      t += 23 * 3_600_000;
      const young = await up();
      expect(await q.app.kopaSweepUploads()).toBe(0);
      t += 2 * 3_600_000; // orphan is 25 h old, young 2 h
      expect(await q.app.kopaSweepUploads()).toBe(1);
      expect((await q.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
      expect(existsSync(join(q.dataDir, orphan))).toBe(false);
      for (const u of [kept, young])
        expect((await q.inject({ method: 'GET', url: u })).statusCode).toBe(200);
    } finally {
      await q.close();
    }
  });
});
