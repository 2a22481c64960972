/**
 * A studio operator for server tests: logs in as `user` and answers a function that calls the
 * studio API with that session, returning the status and the envelope's message and data.
 */
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest';
import {
  DEMO_REVIEWER,
  DEMO_REVIEWER_PASSWORD,
  DEMO_STUDIO_PASSWORD,
  DEMO_STUDIO_USER,
} from '../../server/layouts/studio/auth';
import { startServer, type TestServer } from './helpers';

export type StudioApi = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
) => Promise<{ status: number; message: string; data: Record<string, unknown> }>;

/** Logs in (the demo operator unless told) and answers the session cookie, `kopa_studio=...`. */
export async function studioCookie(
  s: TestServer,
  user = DEMO_STUDIO_USER,
  password = DEMO_STUDIO_PASSWORD,
): Promise<string> {
  const res = await s.inject({
    method: 'POST',
    url: '/studio/api/login',
    payload: { user, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  expect(cookie).toMatch(/^kopa_studio=/);
  return cookie;
}

export async function studioAs(s: TestServer, user: string, password: string): Promise<StudioApi> {
  const cookie = await studioCookie(s, user, password);
  return async (method, path, payload) => {
    const r = await s.inject({
      method,
      url: `/studio/api${path}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    const body = r.json() as { message: string; data: Record<string, unknown> };
    return { status: r.statusCode, message: body.message, data: body.data };
  };
}

/** A fresh server with both demo publishers logged in (ana edits, rev reviews), closed when the test ends. */
export async function twoPublishers(): Promise<{ s: TestServer; ana: StudioApi; rev: StudioApi }> {
  const s = await startServer();
  onTestFinished(() => s.close());
  return {
    s,
    ana: await studioAs(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD),
    rev: await studioAs(s, DEMO_REVIEWER, DEMO_REVIEWER_PASSWORD),
  };
}

/** The published version of a layout: its number and text. */
export async function publishedOf(
  api: StudioApi,
  name: string,
): Promise<{ version: number; content: string }> {
  return (await api('GET', `/layouts/${name}`)).data.published as {
    version: number;
    content: string;
  };
}

/**
 * One server for a whole test file with the demo operator logged in, closed after the file; its
 * calls answer `{ status, body: { message, data } }` as the server's envelope reads.
 */
export function operatorForFile() {
  let s: TestServer;
  let operator: StudioApi;
  beforeAll(async () => {
    s = await startServer();
    operator = await studioAs(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
  });
  afterAll(async () => {
    await s.close();
  });
  return async (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) => {
    const r = await operator(method, path, payload);
    return { status: r.status, body: { message: r.message, data: r.data } };
  };
}
