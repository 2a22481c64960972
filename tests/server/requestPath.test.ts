/**
 * One canonical reading of the request path. Every studio, API, legacy and test
 * route is tried spelt with escapes (single and double), other letter case, doubled slashes, dot
 * segments and backslashes: each spelling is refused with 400 before any handler, nothing is
 * saved, and the plain spelling still needs an operator (401) or, with the studio off, is 404.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRequestPath } from '../../server/http/requestPath';
import { BAD_PATH_MESSAGE } from '../../server/http/pathGuard';
import { registerErrorHandling } from '../../server/http/errorHandler';
import { memoryCounters } from '../../server/http/counters';
import { registerStudio } from '../../server/layouts/studio/routes';
import { startServer, type TestServer } from './helpers';

/** A route path with its parameters filled in. */
function concrete(url: string): string {
  return url
    .replace(/:name\b/g, 'customer-service')
    .replace(/:version\b/g, '1')
    .replace(/:[A-Za-z]+/g, 'x');
}

/** The respellings an attacker tries, each reaching the same route under the router's decoding. */
export function respellings(path: string): Array<[string, string]> {
  const segs = path.split('/').slice(1);
  const first = segs[0]!;
  const rest = segs.slice(1).join('/');
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  const encFirst = `/${hex(first[0]!)}${first.slice(1)}/${rest}`;
  const last = segs[segs.length - 1]!;
  const encLastMid = `/${segs.slice(0, -1).join('/')}/${last.slice(0, 1)}${hex(last[1] ?? 'a')}${last.slice(2)}`;
  return [
    ['escaped first letter', encFirst],
    ['escaped letter inside the last segment', encLastMid],
    [
      'double-escaped first letter',
      `/${hex(first[0]!).replace('%', '%25')}${first.slice(1)}/${rest}`,
    ],
    [
      'upper-case escape',
      encFirst.replace(/%([0-9a-f]{2})/, (_m, h: string) => `%${h.toUpperCase()}`),
    ],
    ['escaped slash', `/${first}%2F${rest}`],
    ['upper case', path.toUpperCase()],
    ['mixed case', `/${first.replace(/[a-z]/, (c) => c.toUpperCase())}/${rest}`],
    ['leading double slash', `/${path}`],
    ['inner double slash', `/${first}//${rest}`],
    ['dot segment', `/${first}/./${rest}`],
    ['dot-dot segment', `/x/../${first}/${rest}`],
    ['escaped dot-dot', `/${first}/%2e%2e/${first}/${rest}`],
    ['backslash', `/${first}\\${rest}`],
  ];
}

/**
 * One request over a real socket with the path exactly as given (app.inject would resolve dot
 * segments before the server sees them, as a browser does; an attacker's client does not).
 */
function rawRequest(
  port: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers:
          data === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function listening(s: TestServer): Promise<number> {
  await s.app.listen({ host: '127.0.0.1', port: 0 });
  return (s.app.server.address() as AddressInfo).port;
}

describe('readRequestPath', () => {
  it.each([
    ['/studio/api/layouts', true, '/studio/api/layouts'],
    ['/studio/api/layouts?x=%41', true, '/studio/api/layouts'],
    ['/%73tudio/api/layouts', false, '/studio/api/layouts'],
    ['/%2573tudio/api/layouts', false, '/studio/api/layouts'],
    ['/studio//api/layouts', false, '/studio/api/layouts'],
    ['/studio/x/../api/layouts', false, '/studio/api/layouts'],
    ['/studio\\api/layouts', false, '/studio/api/layouts'],
    ['/Studio/api/layouts', true, '/Studio/api/layouts'],
  ])('%s', (raw, canonical, normalised) => {
    expect(readRequestPath(raw)).toMatchObject({ canonical, normalised });
  });
});

describe('the path sweep: every protected route, every respelling', () => {
  const protectedRoute = (url: string) =>
    /^\/(studio\/api|vexed|api\/lx|__test|uploads|layouts)\//.test(url);

  async function sweep(s: TestServer): Promise<{ routes: number; tried: number }> {
    const port = await listening(s);
    const routes = s.app.kopaRoutes.filter((r) => protectedRoute(r.url) && r.method !== 'HEAD');
    let tried = 0;
    for (const r of routes) {
      for (const [how, variant] of respellings(concrete(r.url))) {
        const payload =
          r.method === 'GET' || r.method === 'DELETE'
            ? undefined
            : { content: '{}', note: 'x', version: 1, reason: 'x' };
        const res = await rawRequest(port, r.method, variant, payload);
        expect(res.status, `${r.method} ${variant} (${how}): ${res.body.slice(0, 160)}`).toBe(400);
        expect((JSON.parse(res.body) as { message: string }).message).toBe(BAD_PATH_MESSAGE);
        tried++;
      }
    }
    return { routes: routes.length, tried };
  }

  // About 1,400 requests over a socket: a generous timeout for a busy 2-core machine (not a budget).
  it(
    'refuses every respelling with 400, and the plain studio routes still need an operator',
    { timeout: 180_000 },
    async () => {
      const s = await startServer();
      try {
        const { routes, tried } = await sweep(s);
        expect(routes).toBeGreaterThan(40);
        expect(tried).toBe(routes * 13);
        const studio = s.app.kopaRoutes.filter(
          (r) =>
            r.url.startsWith('/studio/api/') &&
            // Who is logged in answers a logged-out caller too (user null), by design.
            !/\/(login|logout|session)$/.test(r.url) &&
            r.method !== 'HEAD',
        );
        expect(studio.length).toBeGreaterThanOrEqual(9);
        for (const r of studio) {
          const res = await s.inject({
            method: r.method as 'GET',
            url: concrete(r.url),
            payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : { content: '{}' },
          });
          expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        }
        // Nothing was saved through any spelling: the layout has no draft and no new version.
        const row = await s.db
          .selectFrom('layouts')
          .selectAll()
          .where('name', '=', 'customer-service')
          .executeTakeFirstOrThrow();
        expect(row.published_version).toBe(1);
        const drafts = await s.db.selectFrom('layout_drafts').selectAll().execute();
        expect(drafts).toEqual([]);
      } finally {
        await s.close();
      }
    },
  );

  it(
    'with NODE_ENV=production and no STUDIO_PASSWORD every studio route is 404, however spelt',
    { timeout: 120_000 },
    async () => {
      const saved = { env: process.env.NODE_ENV, pw: process.env.STUDIO_PASSWORD };
      process.env.NODE_ENV = 'production';
      delete process.env.STUDIO_PASSWORD;
      let s: TestServer | undefined;
      try {
        s = await startServer();
        const port = await listening(s);
        const studio = s.app.kopaRoutes.filter(
          (r) => r.url.startsWith('/studio/api/') && r.method !== 'HEAD',
        );
        for (const r of studio) {
          const plain = await s.inject({
            method: r.method as 'GET',
            url: concrete(r.url),
            payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
          });
          expect(plain.statusCode, `${r.method} ${r.url}`).toBe(404);
          for (const [, variant] of respellings(concrete(r.url))) {
            expect((await rawRequest(port, r.method, variant)).status, variant).toBe(400);
          }
        }
      } finally {
        process.env.NODE_ENV = saved.env;
        if (saved.pw !== undefined) process.env.STUDIO_PASSWORD = saved.pw;
        await s?.close();
      }
    },
  );

  it('pages and files: a respelt page is refused, the plain one served', async () => {
    const s = await startServer();
    try {
      const port = await listening(s);
      expect((await rawRequest(port, 'GET', '/rep%61y?userId=1')).status).toBe(400);
      expect((await rawRequest(port, 'GET', '/repay//')).status).toBe(400);
      expect((await rawRequest(port, 'GET', '/x/../repay')).status).toBe(400);
      expect((await rawRequest(port, 'GET', '/repay?userId=1&x=%2e%2e')).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('defence in depth: the studio checks run on the route itself', () => {
  /** The studio alone, with no path guard in front: its own hooks must still refuse. */
  async function bareStudio(creds: { user: string; password: string; demo: boolean } | null) {
    const app = Fastify();
    registerErrorHandling(app);
    registerStudio(app, {
      db: null as never,
      store: null as never,
      secret: 'test-secret',
      now: () => new Date(),
      creds,
      distDir: '/nonexistent',
      counters: memoryCounters(() => new Date()),
      secureCookies: false,
    });
    await app.ready();
    return app;
  }

  it('an escaped path that reaches a studio route without the guard still gets 401, or 404 when the studio is off', async () => {
    const on = await bareStudio({ user: 'op', password: 'pw', demo: false });
    const off = await bareStudio(null);
    try {
      for (const url of ['/%73tudio/api/layouts', '/studio/%61pi/layouts', '/studio/ap%69/me']) {
        expect((await on.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await off.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const put = await on.inject({
        method: 'PUT',
        url: '/studio/api/layouts/customer-service/draft',
        payload: { content: '{}' },
      });
      expect(put.statusCode).toBe(401);
    } finally {
      await on.close();
      await off.close();
    }
  });

  it('studio writes take JSON only: a form or text body is 415 with the reason', async () => {
    const app = await bareStudio({ user: 'op', password: 'pw', demo: false });
    try {
      for (const type of [
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/studio/api/login',
          headers: { 'content-type': type },
          payload: 'user=op&password=pw',
        });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().message).toMatch(/JSON only/);
      }
    } finally {
      await app.close();
    }
    // The same login as JSON gets in (on a real server: operator sessions live in the database).
    const s = await startServer();
    try {
      const json = await s.inject({
        method: 'POST',
        url: '/studio/api/login',
        payload: { user: 'operator', password: 'kopa-studio-demo' },
      });
      expect(json.statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});
