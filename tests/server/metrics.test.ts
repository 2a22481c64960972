/**
 * Prometheus metrics at /metrics (server/metrics/): who may read them on the app's port, the
 * separate METRICS_PORT, and each kopa_ metric moved by the real thing it counts (a request, a
 * query, a refused request, a failed login, a lock-out, a publish, a rollback, an SMS).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { ROOT } from '../../server/core/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDIO_PASSWORD, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { expectSuccess, SESSION_QS, startServer, USER, type TestServer } from './helpers';

let s: TestServer;
const KF = { overall: 30 };
const extra: TestServer[] = [];
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  for (const t of [s, ...extra]) await t.close();
});

async function scrape(t: TestServer = s): Promise<string> {
  const res = await t.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The sample `name{labels}` (labels: a subset, in any order), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map(
      [...(m[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/gi)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) total += Number(m[3]);
  }
  return total;
}

/** How much `name{labels}` moved while `act` ran. */
async function moved(
  name: string,
  labels: Record<string, string>,
  act: () => Promise<unknown>,
  t: TestServer = s,
): Promise<number> {
  const before = sample(await scrape(t), name, labels);
  await act();
  return sample(await scrape(t), name, labels) - before;
}

describe('who reads /metrics on the app port', () => {
  it('this host: the text format with the process metrics; another address or a forwarded request: 403 with the reason', async () => {
    const res = await s.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    const remote = await s.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({
      code: '403',
      message: 'Metrics are read from this host or with the METRICS_TOKEN bearer token.',
    });
    expect(remote.body).not.toContain('process_cpu');
    // A reverse proxy on this host passes the public's requests from a loopback address.
    const proxied = await s.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('METRICS_TOKEN: the bearer token is required, from this host too', async () => {
    const t = await startServer({ metrics: { token: 'scrape-secret-1234' } });
    extra.push(t);
    const get = (authorization?: string, remoteAddress?: string) =>
      t.inject({
        method: 'GET',
        url: '/metrics',
        ...(remoteAddress ? { remoteAddress } : {}),
        headers: authorization ? { authorization } : {},
      });
    expect((await get()).statusCode).toBe(403);
    expect((await get('Bearer wrong-secret')).statusCode).toBe(403);
    const ok = await get('Bearer scrape-secret-1234', '203.0.113.9');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE kopa_http_request_duration_seconds histogram');
  });

  it('METRICS_PORT: served there only (with the token when set); the app port answers 404', async () => {
    const t = await startServer({ metrics: { port: 0, token: 'scrape-secret-5678' } });
    extra.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as AddressInfo).port;
    const metricsPort = (t.app.kopaMetricsServer?.address() as AddressInfo).port;
    expect(metricsPort).not.toBe(appPort);
    expect((await fetch(`http://127.0.0.1:${appPort}/metrics`)).status).toBe(404);
    const bare = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(bare.status).toBe(401);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: 'Bearer scrape-secret-5678' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('kopa_db_query_duration_seconds_count');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });
});

describe('each metric moves with what it counts', () => {
  it('request duration by route pattern and status, never the URL or its session values', async () => {
    const labels = {
      method: 'POST',
      route: '/vexed/user-problem/problem-list',
      status_code: '200',
    };
    const n = await moved('kopa_http_request_duration_seconds_count', labels, async () =>
      expectSuccess('problemList', await s.call('problemList', {})),
    );
    expect(n).toBe(1);
    const text = await scrape();
    expect(text).not.toContain(USER.sessionId);
    expect(text).not.toContain(SESSION_QS);
    const unauthorised = await moved(
      'kopa_http_request_duration_seconds_count',
      { ...labels, status_code: '401' },
      () => s.call('problemList', {}, { qs: 'userId=10001&sessionId=nope' }),
    );
    expect(unauthorised).toBe(1);
  });

  it('database time: every query of a request is timed', async () => {
    const n = await moved(
      'kopa_db_query_duration_seconds_count',
      { operation: 'select', outcome: 'ok' },
      () => s.call('contactKfInfo', KF),
    );
    expect(n).toBeGreaterThan(0);
  });

  it('database time of a failed query: outcome error', async () => {
    await sql`alter table problems rename to problems_gone`.execute(s.db);
    try {
      const n = await moved(
        'kopa_db_query_duration_seconds_count',
        { operation: 'select', outcome: 'error' },
        async () => expect((await s.call('problemList', {})).status).toBe(500),
      );
      expect(n).toBe(1);
    } finally {
      await sql`alter table problems_gone rename to problems`.execute(s.db);
    }
  });

  it('rate-limit refusals of the API and of the pages', async () => {
    // No built app here: the page limit counts before the page (the "not built yet" page) is made.
    const t = await startServer({ apiRateLimit: 2, pageRateLimit: 1 });
    extra.push(t);
    const api = await moved(
      'kopa_rate_limit_refusals_total',
      { limit: 'api' },
      async () => {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await t.call('contactKfInfo', KF)).status);
        expect(statuses).toEqual([200, 200, 429, 429]);
      },
      t,
    );
    expect(api).toBe(2);
    const page = () => t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const pages = await moved(
      'kopa_rate_limit_refusals_total',
      { limit: 'page' },
      async () => {
        expect((await page()).statusCode).toBe(200);
        expect((await page()).statusCode).toBe(429);
      },
      t,
    );
    expect(pages).toBe(1);
  });

  it('studio login failures, then the lock-out', async () => {
    const t = await startServer();
    extra.push(t);
    const attempt = (password: string, remoteAddress = '10.8.0.1', user = DEMO_STUDIO_USER) =>
      t.inject({
        method: 'POST',
        url: '/studio/api/login',
        remoteAddress,
        payload: { user, password },
      });
    const failures = await moved(
      'kopa_studio_login_failures_total',
      {},
      async () => {
        for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
      },
      t,
    );
    expect(failures).toBe(10);
    const locks = await moved(
      'kopa_studio_login_lockouts_total',
      { kind: 'address' },
      async () => expect((await attempt(DEMO_STUDIO_PASSWORD)).statusCode).toBe(429),
      t,
    );
    expect(locks).toBe(1);
    // Guesses at one account from rotating addresses lock that account.
    const accountLocks = await moved(
      'kopa_studio_login_lockouts_total',
      { kind: 'account' },
      async () => {
        for (let i = 0; i < 10; i++)
          expect((await attempt(`wrong-${i}`, `10.9.0.${i + 1}`, 'ana')).statusCode).toBe(401);
        expect((await attempt('wrong', '10.9.0.99', 'ana')).statusCode).toBe(429);
      },
      t,
    );
    expect(accountLocks).toBe(1);
  });

  it('publishes and rollbacks through the studio', async () => {
    const login = await s.inject({
      method: 'POST',
      url: '/studio/api/login',
      payload: { user: DEMO_STUDIO_USER, password: DEMO_STUDIO_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const studio = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
      s.inject({ method, url: `/studio/api/layouts${path}`, headers: { cookie }, payload });
    const detail = (await studio('GET', '/customer-service')).json().data as {
      published: { content: string; version: number };
    };
    const edited = detail.published.content.replace(/"title": "([^"]+)"/, '"title": "$1 (edited)"');
    expect(edited).not.toBe(detail.published.content);
    const published = await moved(
      'kopa_layout_publishes_total',
      { action: 'publish' },
      async () => {
        expect(
          (await studio('PUT', '/customer-service/draft', { content: edited })).statusCode,
        ).toBe(200);
        expect(
          (await studio('POST', '/customer-service/publish', { note: 'metrics test' })).statusCode,
        ).toBe(200);
      },
    );
    expect(published).toBe(1);
    const rolledBack = await moved('kopa_layout_rollbacks_total', {}, async () => {
      const res = await studio('POST', '/customer-service/rollback', {
        version: detail.published.version,
        reason: 'metrics test',
      });
      expect(res.statusCode).toBe(200);
    });
    expect(rolledBack).toBe(1);
  });

  it('a changed layout file imported at start is a publish by import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
    const text = readFileSync(join(ROOT, 'layouts', 'customer-service.json'), 'utf8');
    const changed = text.replace(/"title": "([^"]+)"/, '"title": "$1 (imported)"');
    expect(changed).not.toBe(text);
    writeFileSync(join(dir, 'customer-service.json'), changed);
    const n = await moved('kopa_layout_publishes_total', { action: 'import' }, async () => {
      extra.push(await startServer({ layoutsDir: dir }));
    });
    expect(n).toBe(1);
  });

  it('SMS codes sent, by purpose; one refused by the SMS limits', async () => {
    const made = await s.inject({
      method: 'POST',
      url: '/__test/users',
      payload: { phone: '0755123123' },
    });
    const { userId, sessionId } = made.json().data as { userId: string; sessionId: string };
    const n = await moved('kopa_sms_sent_total', { purpose: 'del' }, async () =>
      expectSuccess(
        'sendSmsCodeNew',
        await s.call(
          'sendSmsCodeNew',
          { phone: '0755123123', type: 'del' },
          { qs: `userId=${userId}&sessionId=${sessionId}` },
        ),
      ),
    );
    expect(n).toBe(1);
    const again = await moved('kopa_rate_limit_refusals_total', { limit: 'sms' }, async () => {
      const res = await s.call(
        'sendSmsCodeNew',
        { phone: '0755123123', type: 'del' },
        { qs: `userId=${userId}&sessionId=${sessionId}` },
      );
      expect(res.status).toBe(429); // one code a minute per phone
    });
    expect(again).toBe(1);
    expect(await scrape()).not.toContain('0755123123');
  });
});
