/**
 * One JSON log line per request with its id (server/http/requestLog.ts): the id on every answer
 * and in error envelopes, a proxy's id kept only from a trusted proxy and only when well-formed,
 * and no session id, phone number or SMS code in the log, in production as in every mode.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { expectSuccess, smsCode, startServer, type TestServer } from './helpers';
import { sql } from 'kysely';
import type { BuildOptions } from '../../server/app';
import { logLevelFromEnv } from '../../server/http/requestLog';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server whose log lines are kept as text. */
async function logged(extra: Partial<BuildOptions> = {}) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  const s = await startServer({ logger: { level: 'trace', stream }, ...extra });
  servers.push(s);
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { s, text: () => text, lines };
}

/** A borrower with one live session, written straight to the database (any mode, any seed). */
async function borrower(s: TestServer) {
  const phone = `07${String(Date.now()).slice(-8)}`;
  const userId = `U${randomBytes(4).toString('hex')}`;
  const sessionId = `log-test-${randomBytes(8).toString('hex')}`;
  await s.db
    .insertInto('users')
    .values({ id: userId, phone, name: 'Log Test', deleted_at: null })
    .execute();
  await s.db
    .insertInto('sessions')
    .values({ id: sessionId, user_id: userId, revoked_at: null })
    .execute();
  return { phone, userId, sessionId, qs: `userId=${userId}&sessionId=${sessionId}` };
}

/** `code` as a whole number in `text` (not inside a longer one such as a timestamp). */
const holdsNumber = (text: string, code: string) =>
  new RegExp(`(?<![0-9])${code}(?![0-9])`).test(text);

describe('the request id', () => {
  it('is on every answer and in the error envelope, and names the one log line of its request', async () => {
    const { s, lines } = await logged();
    const ok = await s.call('contactKfInfo', { overall: 30 });
    expect(ok.status).toBe(200);
    expect(String(ok.headers['x-request-id'])).toMatch(/^[0-9a-f]{16}$/);
    const bad = await s.call('problemList', {}, { qs: 'userId=10001&sessionId=nope' });
    expect(bad.status).toBe(401);
    const id = String(bad.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(id).not.toBe(ok.headers['x-request-id']);
    expect((bad.body as unknown as { requestId: string }).requestId).toBe(id);
    const mine = lines().filter((l) => l.reqId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        route: '/vexed/user-problem/problem-list',
        path: '/vexed/user-problem/problem-list',
        query: 'userId=~&sessionId=~',
        status: 401,
        level: 30,
      }),
    ]);
    expect(typeof mine[0]?.ms).toBe('number');
  });

  it("a proxy's X-Request-Id: kept from a trusted proxy when well-formed, replaced otherwise", async () => {
    const direct = await startServer();
    servers.push(direct);
    const proxied = await startServer({ trustProxy: ['127.0.0.1'] });
    servers.push(proxied);
    const idFor = async (t: TestServer, inbound: string) =>
      String(
        (await t.call('contactKfInfo', { overall: 30 }, { headers: { 'x-request-id': inbound } }))
          .headers['x-request-id'],
      );
    expect(await idFor(proxied, 'edge-7f3a9c1b-42')).toBe('edge-7f3a9c1b-42');
    expect(await idFor(direct, 'edge-7f3a9c1b-42')).toMatch(/^[0-9a-f]{16}$/);
    for (const bad of [
      'short',
      'has space in it',
      'x'.repeat(65),
      'new\\nline-injected',
      '<script>1</script>',
    ])
      expect(await idFor(proxied, bad)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('the level', () => {
  it('LOG_LEVEL wins; else info in production (the request lines) and warn elsewhere', () => {
    expect(logLevelFromEnv({ NODE_ENV: 'production' })).toBe('info');
    expect(logLevelFromEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn' })).toBe('warn');
    expect(logLevelFromEnv({})).toBe('warn');
    expect(logLevelFromEnv({ NODE_ENV: 'development', LOG_LEVEL: 'debug' })).toBe('debug');
  });

  it('a 5xx: the request line at error level, and the error with its stack under the same id', async () => {
    const { s, lines } = await logged();
    // A fault the borrower cannot cause: the table the complaint list reads is gone.
    await sql`alter table problems rename to problems_gone`.execute(s.db);
    try {
      const res = await s.call('problemList', {});
      expect(res.status).toBe(500);
      const id = String(res.headers['x-request-id']);
      expect((res.body as unknown as { requestId: string }).requestId).toBe(id);
      const mine = lines().filter((l) => l.reqId === id);
      expect(mine).toEqual([
        expect.objectContaining({ level: 50, msg: 'unhandled error' }),
        expect.objectContaining({ level: 50, msg: 'request', status: 500 }),
      ]);
    } finally {
      await sql`alter table problems_gone rename to problems`.execute(s.db);
    }
  });
});

describe('what the log never holds', () => {
  it('an SMS sent and used: no session id, phone number or code in any line, at the finest level', async () => {
    const { s, text, lines } = await logged();
    const b = await borrower(s);
    expectSuccess(
      'sendSmsCodeNew',
      await s.call('sendSmsCodeNew', { phone: b.phone, type: 'del' }, { qs: b.qs }),
    );
    const code = await smsCode(s, b.phone);
    // A wrong try (a 200 refusal), a malformed body (a 400 the log explains), then the right code.
    await s.call(
      'userDelete',
      { phone: b.phone, code: code === '0000' ? '1111' : '0000' },
      { qs: b.qs },
    );
    await s.call('userDelete', { phone: b.phone, code: [code] }, { qs: b.qs });
    await s.call('userDelete', { phone: b.phone, code }, { qs: b.qs });
    expect(lines().filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(4);
    expect(text()).not.toContain(b.sessionId);
    expect(text()).not.toContain(b.phone);
    expect(text()).not.toContain(b.userId);
    expect(holdsNumber(text(), code)).toBe(false);
  });

  it('production: the same, and the development SMS line is not printed either', async () => {
    const out = vi.spyOn(process.stdout, 'write');
    process.env.NODE_ENV = 'production';
    let server: Awaited<ReturnType<typeof logged>>;
    try {
      server = await logged();
    } finally {
      process.env.NODE_ENV = 'test';
    }
    try {
      const { s, text } = server;
      const b = await borrower(s);
      expectSuccess(
        'sendSmsCodeNew',
        await s.call('sendSmsCodeNew', { phone: b.phone, type: 'del' }, { qs: b.qs }),
      );
      const wrong = await s.call('userDelete', { phone: b.phone, code: '0000' }, { qs: b.qs });
      expect(wrong.status).toBe(200);
      const printed = out.mock.calls.map(([chunk]) => String(chunk)).join('');
      for (const where of [text(), printed]) {
        expect(where).not.toContain(b.sessionId);
        expect(where).not.toContain(b.phone);
        expect(where).not.toMatch(/SMS to /);
      }
      expect(text()).toContain('"msg":"request"');
    } finally {
      out.mockRestore();
    }
  });
});
