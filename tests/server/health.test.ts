/**
 * The probes a deploy uses. /healthz answers while the process runs; /readyz answers 200
 * only when the database answers and there are published layouts to serve, and says why not (503).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

// One server for the file (starting one costs seconds): the tests run in order, the last one
// takes its database away.
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

describe('health probes', () => {
  it('/healthz: the process is up; /readyz: database reachable and the layouts published', async () => {
    const health = await s.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');

    const ready = await s.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json() as { status: string; database: string; layouts: number };
    expect(body.status).toBe('ready');
    expect(body.database).toBe('ok');
    const published = await s.db
      .selectFrom('layouts')
      .select('name')
      .where('published_version', 'is not', null)
      .execute();
    expect(published.length).toBeGreaterThan(0);
    expect(body.layouts).toBe(published.length);
  });

  it('/readyz is 503 with the reason when no layout is published, and ready again once one is', async () => {
    const saved = await s.db.selectFrom('layouts').select(['name', 'published_version']).execute();
    await s.db.updateTable('layouts').set({ published_version: null }).execute();
    const res = await s.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not ready',
      database: 'ok',
      layouts: 0,
      reason: 'no published layout',
    });
    expect((await s.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const one = saved.find((l) => l.published_version !== null)!;
    await s.db
      .updateTable('layouts')
      .set({ published_version: one.published_version })
      .where('name', '=', one.name)
      .execute();
    const again = await s.inject({ method: 'GET', url: '/readyz' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'ready', layouts: 1 });
  });

  it('/readyz is 503 "database unreachable" when the database does not answer; /healthz stays 200', async () => {
    await s.db.destroy();
    const res = await s.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', database: 'unreachable' });
    expect((res.json() as { reason: string }).reason).toMatch(/^database: /);
    expect((await s.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
