/**
 * Studio writes come from the studio's own origin (server/layouts/studio/area.ts): every non-GET
 * studio route, enumerated from the routes the server registered, refuses a cross-site request
 * with 403 and a JSON reason before anything is recorded; the same request from the studio's own
 * origin passes the check. Spelling tricks of Origin and Sec-Fetch-Site, and the origin as seen
 * through a trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DEMO_REVIEWER, DEMO_REVIEWER_PASSWORD } from '../../server/layouts/studio/auth';
import { inArea } from '../../server/http/requestPath';
import { saveDraft } from '../../server/layouts/drafts';
import { startServer, type TestServer } from './helpers';

const HOST = 'studio.example:8443';
const OWN = `http://${HOST}`;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

let s: TestServer;
let cookie = '';
/** A fresh operator session (the logout route, tried from the studio's own origin, ends the last one). */
async function logIn(): Promise<void> {
  const res = await s.inject({
    method: 'POST',
    url: '/studio/api/login',
    headers: { host: HOST, origin: OWN },
    payload: { user: DEMO_REVIEWER, password: DEMO_REVIEWER_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  cookie = String(res.headers['set-cookie']).split(';')[0]!;
}
beforeAll(async () => {
  s = await startServer();
  await logIn();
});
afterAll(async () => {
  await s.close();
});

/** A route pattern with its parameters filled in. */
const concrete = (url: string) =>
  url.replace(':name', 'repay').replace(':version', '1').replace('*', 'x');

function write(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: unknown = {},
): Promise<{ statusCode: number; json: () => { code: string; message: string; data?: unknown } }> {
  return s.inject({
    method: method as InjectOptions['method'],
    url,
    headers: { host: HOST, cookie, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
}

describe('every studio write route refuses a cross-site request', () => {
  const routes = () =>
    s.app.kopaRoutes.filter((r) => inArea(r.url, '/studio') && !READS.has(r.method));

  it('the enumeration holds every studio write the studio front end makes', () => {
    const names = routes().map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /studio/api/login',
        'POST /studio/api/logout',
        'PUT /studio/api/layouts/:name/draft',
        'DELETE /studio/api/layouts/:name/draft',
        'POST /studio/api/layouts/:name/publish',
        'POST /studio/api/layouts/:name/rollback',
        'POST /studio/api/layouts/:name/approve',
      ]),
    );
  });

  it('each one: 403 with the reason for Origin of another site and for Sec-Fetch-Site cross-site; not 403 from its own origin', async () => {
    let checked = 0;
    for (const r of routes()) {
      const url = concrete(r.url);
      const crossSite: Array<Record<string, string>> = [
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const res = await write(r.method, url, headers);
        expect(res.statusCode, `${r.method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ code: '403', data: { reason: 'cross-site' } });
        expect(res.json().message).toMatch(/^Refused: a studio write from/);
      }
      const own = await write(r.method, url, { origin: OWN, 'sec-fetch-site': 'same-origin' });
      expect(own.statusCode, `${r.method} ${url} from its own origin`).not.toBe(403);
      checked++;
    }
    expect(checked).toBe(routes().length);
  });

  it('the approval of the issue is not recorded: POST .../approve from evil.example', async () => {
    await logIn();
    const detail = await s.inject({
      method: 'GET',
      url: '/studio/api/layouts/repay',
      headers: { host: HOST, cookie },
    });
    const published = (detail.json() as { data: { published: { content: string } } }).data.published
      .content;
    const edited = published.replace('"version"', '"version" ').replace(/\n$/, ' \n');
    // Saved by another operator: the draft's own editor may not approve it (publishing by effect).
    expect(
      await saveDraft(s.db, { name: 'repay', text: edited, actor: 'another-editor' }),
    ).not.toBeNull();
    const before = await s.db.selectFrom('layout_approvals').selectAll().execute();
    const res = await write('POST', '/studio/api/layouts/repay/approve', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(await s.db.selectFrom('layout_approvals').selectAll().execute()).toEqual(before);
    // The same approval from the studio itself is recorded: the origin alone made the difference.
    const own = await write('POST', '/studio/api/layouts/repay/approve', { origin: OWN });
    expect(own.statusCode).toBe(200);
    expect(await s.db.selectFrom('layout_approvals').selectAll().execute()).toHaveLength(
      before.length + 1,
    );
  });

  it('a studio path no route has yet is covered too (judged by path and method)', async () => {
    const res = await write('POST', '/studio/api/some-new-route', {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect((await write('PATCH', '/studio/x', { 'sec-fetch-site': 'same-site' })).statusCode).toBe(
      403,
    );
  });
});

describe('spellings of the origin', () => {
  const login = (headers: Record<string, string>) =>
    write('POST', '/studio/api/login', headers, { user: 'nobody', password: 'x' });

  it.each([
    ['Origin null', { origin: 'null' }],
    ['another port', { origin: 'http://studio.example:8444' }],
    ['https instead of http', { origin: 'https://studio.example:8443' }],
    ['no port', { origin: 'http://studio.example' }],
    ['a longer host', { origin: 'http://studio.example.evil.example:8443' }],
    ['a path after the origin', { origin: `${OWN}/studio` }],
    ['not a URL', { origin: 'studio.example:8443' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    [
      'own Origin beside Sec-Fetch-Site cross-site is still Origin',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ],
  ])('%s -> 403', async (_name, headers) => {
    const res = await login(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: '403', data: { reason: 'cross-site' } });
  });

  it.each([
    ['its own Origin', { origin: OWN }],
    ['Sec-Fetch-Site same-origin without Origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['neither header (curl, a script)', {}],
  ])('%s -> the login itself answers (401 for a wrong password)', async (_name, headers) => {
    expect((await login(headers)).statusCode).toBe(401);
  });
});

describe('the origin through a trusted proxy', () => {
  let p: TestServer;
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1: the proxy TRUST_PROXY would name.
    p = await startServer({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await p.close();
  });

  const login = (headers: Record<string, string>) =>
    p.inject({
      method: 'POST',
      url: '/studio/api/login',
      headers: { host: 'internal:8080', 'content-type': 'application/json', ...headers },
      payload: { user: 'nobody', password: 'x' },
    });

  it('the borrower-facing scheme and host, the scheme in any letter case', async () => {
    const forwarded = { 'x-forwarded-host': 'kopa.example', 'x-forwarded-proto': 'HTTPS' };
    expect((await login({ ...forwarded, origin: 'https://kopa.example' })).statusCode).toBe(401);
    expect((await login({ ...forwarded, origin: 'http://kopa.example' })).statusCode).toBe(403);
    expect((await login({ ...forwarded, origin: 'http://internal:8080' })).statusCode).toBe(403);
  });
});
