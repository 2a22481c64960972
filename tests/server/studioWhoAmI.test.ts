/**
 * The question every studio load asks, GET /studio/api/session: logged out is an answer (200,
 * user null), not a 401 in the browser's console; logged in, the operator and role; after a
 * logout, null again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STUDIO_PASSWORD, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { startServer, type TestServer } from './helpers';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('GET /studio/api/session', () => {
  it('answers logged out with 200 and user null, logged in with the operator, and null after logout', async () => {
    const s = await startServer();
    servers.push(s);
    const session = (cookie = '') =>
      s.inject({ method: 'GET', url: '/studio/api/session', headers: cookie ? { cookie } : {} });
    const out = await session();
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ code: 0, data: { user: null } });
    expect((await session('kopa_studio=forged')).json()).toMatchObject({ data: { user: null } });

    const login = await s.inject({
      method: 'POST',
      url: '/studio/api/login',
      payload: { user: DEMO_STUDIO_USER, password: DEMO_STUDIO_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const inside = await session(cookie);
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toMatchObject({ data: { user: DEMO_STUDIO_USER, role: 'publisher' } });

    await s.inject({ method: 'POST', url: '/studio/api/logout', headers: { cookie } });
    expect((await session(cookie)).json()).toMatchObject({ data: { user: null } });
  });
});
