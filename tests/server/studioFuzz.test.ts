/**
 * The studio API under bad input, as the borrower API is (badRequests.test.ts): NUL bytes and lone
 * surrogates in every string field, integers past 2^31 and 2^53, exponents, negatives, other types,
 * non-numeric and out-of-range version path segments, huge and deep bodies, then random bodies from
 * fast-check, on every studio route the server registered. Never a 500: each answer is a 4xx with a
 * reason, or a 2xx where the input is valid. The counts are printed (FUZZ_RUNS, FUZZ_SEED as in the
 * expression fuzz).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REVIEWER, DEMO_REVIEWER_PASSWORD } from '../../server/layouts/studio/auth';
import { inArea } from '../../server/http/requestPath';
import { startServer, type TestServer } from './helpers';

/** Hundreds of requests through every write route take tens of seconds on a busy two-core machine: the limit only ends a hang. */
const SLOW_MS = 120_000;

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PARAMS: fc.Parameters<unknown> =
  SEED === undefined ? { numRuns: RUNS } : { numRuns: RUNS, seed: SEED };

let s: TestServer;
let cookie = '';
const tally = { sent: 0, errors: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  s = await startServer();
  const res = await s.inject({
    method: 'POST',
    url: '/studio/api/login',
    payload: { user: DEMO_REVIEWER, password: DEMO_REVIEWER_PASSWORD },
  });
  cookie = String(res.headers['set-cookie']).split(';')[0]!;
});
afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([k, v]) => `${k}: ${v}`);
  console.log(
    `studio fuzz: ${tally.sent} requests sent, ${tally.errors} answered 500 or above (${statuses.join(', ')})`,
  );
  await s.close();
});

/** Sends one request and checks the answer: below 500, and a 4xx carries a reason. */
async function send(method: string, url: string, payload?: string, type = 'application/json') {
  // The logout ends the session it is sent with: sent without one, it cannot end the fuzz's own.
  const withCookie = !url.endsWith('/logout');
  const res = await s.inject({
    method: method as InjectOptions['method'],
    url,
    headers: {
      ...(withCookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': type }),
    },
    payload,
  });
  tally.sent++;
  tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
  const what = `${method} ${url.slice(0, 120)} ${String(payload).slice(0, 120)}: ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) tally.errors++;
  expect.soft(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    // The reason: the message of the envelope (Fastify's own router refusals, such as an
    // undecodable path, carry one too, in its own shape).
    const body = res.json() as { message?: unknown };
    expect.soft(typeof body.message === 'string' && body.message.length > 0, what).toBe(true);
  }
  return res;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const studioRoutes = () =>
  s.app.kopaRoutes.filter((r) => inArea(r.url, '/studio/api') && r.method !== 'HEAD');
const fill = (url: string, name = 'customer-service', version = '1') =>
  url.replace(':name', name).replace(':version', version);

/** A body each write route takes (or refuses for a reason of its own), to spoil one field at a time. */
const VALID: Record<string, Record<string, unknown>> = {
  login: { user: 'operator', password: 'wrong password' },
  draft: { content: '{"id":"customer-service"}' },
  publish: { note: 'fuzz' },
  rollback: { version: 1, reason: 'fuzz' },
  approve: { hash: 'abc' },
  logout: {},
};
const bodyFor = (url: string) => VALID[url.split('/').pop() ?? ''] ?? {};
const FIELDS = ['user', 'password', 'content', 'note', 'reason', 'version', 'hash'];

/** Raw JSON values (text, so numbers past 2^53 arrive as sent). */
const BAD_VALUES = [
  '"op\\u0000"',
  '"\\u0000"',
  '"x\\ud800"',
  '"\\udc00y"',
  '"a\\ud800\\u0000"',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '1e20',
  '1e400',
  '-1',
  '0',
  '1.5',
  '"abc"',
  '"2147483648"',
  '"99999999999999999999"',
  'null',
  'true',
  '[]',
  '{}',
  '{"$gt":""}',
  `"${'x'.repeat(100_000)}"`,
];

describe('studio API: bad values in every field of every route', () => {
  it(
    'each field of each write route',
    async () => {
      const writes = studioRoutes().filter((r) => !READS.has(r.method));
      expect(writes.length).toBeGreaterThanOrEqual(7);
      for (const r of writes) {
        const url = fill(r.url);
        const base = bodyFor(url);
        for (const field of FIELDS)
          for (const v of BAD_VALUES) {
            const rest = JSON.stringify({ ...base, [field]: undefined }).slice(1, -1);
            await send(r.method, url, `{${rest}${rest ? ',' : ''}"${field}":${v}}`);
          }
      }
    },
    SLOW_MS,
  );

  it("the issue's own cases", async () => {
    const login = await send('POST', '/studio/api/login', '{"user":"op\\u0000","password":"x"}');
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toMatch(/^user: /);
    const first = await send('GET', '/studio/api/layouts/customer-service/versions/1');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ version: 1 });
    for (const v of ['abc', '2147483648', '99999999999999999999', '-1', '0', '1e20', '1.5'])
      expect(
        (
          await send(
            'GET',
            fill('/studio/api/layouts/:name/versions/:version', 'customer-service', v),
          )
        ).statusCode,
        v,
      ).toBe(404);
    for (const v of ['2147483648', '1e20', '99999999999999999999', '-1', '"abc"'])
      expect(
        (
          await send(
            'POST',
            '/studio/api/layouts/customer-service/rollback',
            `{"version":${v},"reason":"r"}`,
          )
        ).statusCode,
        v,
      ).toBe(400);
    const draft = await send(
      'PUT',
      '/studio/api/layouts/customer-service/draft',
      '{"content":"{\\"id\\":\\"a\\u0000b\\"}"}',
    );
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toMatch(/^content: /);
  });

  it('path segments: versions, names', async () => {
    const reads = studioRoutes().filter((r) => READS.has(r.method));
    for (const r of reads)
      for (const name of ['customer-service', 'x%00', '%ED%A0%80', 'a'.repeat(5000), '..', 'Repay'])
        for (const version of [
          '1',
          'abc',
          '2147483647',
          '2147483648',
          '99999999999999999999',
          '%00',
          '1e3',
          '%20',
        ])
          await send(r.method, fill(r.url, name, version));
  });

  it('huge, deep and malformed bodies on every write route', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const bodies: Array<[string, string]> = [
      [JSON.stringify({ content: 'x'.repeat(1024 * 1024 + 10_000) }), 'application/json'],
      [JSON.stringify({ user: 'x'.repeat(300_000), password: 'y' }), 'application/json'],
      [deep, 'application/json'],
      ['{"user":', 'application/json'],
      ['null', 'application/json'],
      ['"text"', 'application/json'],
      ['[1,2]', 'application/json'],
      ['{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', 'application/json'],
      ['user=op%00&password=x', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['{}', 'application/json; charset=utf-99'],
    ];
    for (const r of studioRoutes().filter((x) => !READS.has(x.method)))
      for (const [payload, type] of bodies) await send(r.method, fill(r.url), payload, type);
  });
});

describe('studio API: random bodies (fast-check)', () => {
  const text = fc.string({ unit: 'binary', maxLength: 40 });
  const bigNumber = fc
    .tuple(
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
      fc.constantFrom('', 'e20', 'e-3', '.5'),
    )
    .map(([n, tail]) => `${n}${tail}`);
  const value = fc.oneof(
    text.map((t) => JSON.stringify(t)),
    bigNumber,
    fc.double().map((d) => (Number.isFinite(d) ? JSON.stringify(d) : '1e400')),
    fc.constantFrom('null', 'true', '[]', '{}'),
  );
  const body = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), text), value), { maxLength: 5 })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);

  it('never a 500 on any route', async () => {
    const routes = studioRoutes();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }),
        body,
        fc.oneof(
          fc.constant('customer-service'),
          fc.constant('repay'),
          text.map(encodeURIComponent),
        ),
        fc.oneof(bigNumber, text.map(encodeURIComponent)),
        async (i, payload, name, version) => {
          const r = routes[i]!;
          const url = fill(r.url, name || 'x', version || '1');
          const res = await send(r.method, url, READS.has(r.method) ? undefined : payload);
          return res.statusCode < 500;
        },
      ),
      PARAMS,
    );
  }, 300_000);
});
