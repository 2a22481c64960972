import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../src/app/http/client';
import { MESSAGES } from '../../../src/app/http/result';
import {
  catalogue,
  config,
  hangingFetch,
  headersOf,
  json,
  recordingFetch,
  respond,
  session,
} from './fixtures';

const SESSION_QS = 'userId=u1&sessionId=s1&merchantNumber=KOPA001&productId=p9&product_id=p9';

function client(fetch: ApiClientOptions['fetch'], extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ fetch, catalogue, config, getSession: () => session, ...extra });
}

describe('request shape', () => {
  it('JSON client: prefix + path + session query, JSON headers and body', async () => {
    const { fetch, requests } = recordingFetch();
    await client(fetch).call('delayDetail', { productId: 'p9', orderId: 'o7' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`/vexed/v3/loan-details/delay-detail-yd?${SESSION_QS}`);
    expect(requests[0]?.init.method).toBe('POST');
    expect(headersOf(requests[0])).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      building: 'B1',
      gather: 'G1',
    });
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({ productId: 'p9', orderId: 'o7' });
  });

  it('form client: {provider} substituted, form headers, encoded body, idempotency key', async () => {
    const { fetch, requests } = recordingFetch(() =>
      json(200, { code: '00', message: '', data: {} }),
    );
    const params = { amount: 150000, orderId: 'o7', sendMsg: 1, couponId: null, bankName: 'A & B' };
    await client(fetch).call('repaymentCommit', params, { idempotencyKey: 'key-1' });
    const req = requests[0];
    expect(req?.url).toBe(`/vexed/api/v1/kopa/service/loan/repayment-commit?${SESSION_QS}`);
    expect(headersOf(req)).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/x-www-form-urlencoded',
      swift: 'S1',
      eyes: 'E1',
      'Idempotency-Key': 'key-1',
    });
    expect(req?.init.body).toBe('amount=150000&orderId=o7&sendMsg=1&bankName=A+%26+B');
  });

  it('GET: params and extra query after the session query, no body, no content type', async () => {
    const { fetch, requests } = recordingFetch();
    await client(fetch).call(
      'contractList',
      { productId: 'p9', scene: 3 },
      { query: { position: 2, skip: undefined } },
    );
    const req = requests[0];
    // productId is already a session parameter: sent once, not twice.
    expect(req?.url).toBe(`/vexed/v3/contract/contract?${SESSION_QS}&scene=3&position=2`);
    expect(req?.init.method).toBe('GET');
    expect(req?.init.body).toBeUndefined();
    expect(headersOf(req)).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      building: 'B1',
      gather: 'G1',
    });
  });

  it('GET: a payload field that is also a session parameter replaces it (one value, never a list)', async () => {
    const { fetch, requests } = recordingFetch();
    await client(fetch).call('contractList', { productId: 'p10', orderId: 'o7' });
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(url.searchParams.getAll('productId')).toEqual(['p10']);
    expect(url.searchParams.getAll('orderId')).toEqual(['o7']);
    expect(url.searchParams.getAll('userId')).toEqual(['u1']);
  });

  it('POST with a query variant (problem-init ?orderId=)', async () => {
    const { fetch, requests } = recordingFetch();
    await client(fetch).call('delayDetail', {}, { query: { orderId: 'o7' } });
    expect(requests[0]?.url).toBe(
      `/vexed/v3/loan-details/delay-detail-yd?${SESSION_QS}&orderId=o7`,
    );
  });

  it('multipart: FormData body with the file, no hand-set content type', async () => {
    const { fetch, requests } = recordingFetch(() =>
      json(200, { code: '00', data: { url: '/u/1.png' } }),
    );
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', {
      type: 'image/png',
    });
    const r = await client(fetch).call('uploadProblemImg', { problemImage: file });
    expect(r).toEqual({ ok: true, code: '00', message: '', data: { url: '/u/1.png' } });
    const body = requests[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    const part = (body as FormData).get('problemImage');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('a.png');
    expect(headersOf(requests[0])).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      building: 'B1',
      gather: 'G1',
    });
  });

  it('reads the session on every call; header values lose bytes fetch would reject', async () => {
    const { fetch, requests } = recordingFetch();
    let current = session;
    const c = client(fetch, { getSession: () => current });
    await c.call('delayDetail');
    current = {
      ...session,
      params: { ...session.params, userId: 'u2' },
      headers: { ...session.headers, building: 'é\r\nX' },
    };
    await c.call('delayDetail');
    expect(requests[1]?.url).toContain('userId=u2');
    expect(headersOf(requests[1]).building).toBe('X');
  });

  it('urlFor builds the captcha image URL; call refuses image and unknown endpoints without fetching', async () => {
    const { fetch, requests } = recordingFetch();
    const c = client(fetch);
    expect(c.urlFor('getCaptcha', { sid: 'abc' })).toBe(
      `/vexed/api/v2/kopa/promotion/get-captcha?${SESSION_QS}&sid=abc`,
    );
    expect(c.urlFor('nope')).toBeNull();
    for (const name of ['getCaptcha', 'nope', 'constructor', '__proto__']) {
      expect(await c.call(name)).toEqual({
        ok: false,
        kind: 'unknown-endpoint',
        message: MESSAGES['unknown-endpoint'],
      });
    }
    expect(requests).toHaveLength(0);
  });
});

describe('envelope and success codes', () => {
  const cases: Array<[string, unknown, boolean]> = [
    ['delayDetail', 0, true],
    ['delayDetail', '0', true],
    ['delayDetail', '00', false],
    ['delayDetail', 1, false],
    ['saveScore', '00', true],
    ['saveScore', 0, false],
    ['saveScore', '0', false],
    ['saveScore', '000', false],
  ];
  it.each(cases)('%s with code %j -> ok %s', async (endpoint, code, ok) => {
    const { fetch } = recordingFetch(() =>
      json(200, { code, message: 'server says', data: { a: 1 } }),
    );
    const r = await client(fetch).call(endpoint);
    expect(r.ok).toBe(ok);
    if (r.ok)
      expect(r).toEqual({ ok: true, code: String(code), message: 'server says', data: { a: 1 } });
    else
      expect(r).toEqual({
        ok: false,
        kind: 'server',
        code: String(code),
        message: 'server says',
        serverMessage: 'server says',
        data: { a: 1 },
        status: 200,
      });
  });

  it('server failure without a message gets a generic one', async () => {
    const { fetch } = recordingFetch(() => json(200, { code: '800006' }));
    expect(await client(fetch).call('saveScore')).toEqual({
      ok: false,
      kind: 'server',
      code: '800006',
      message: MESSAGES.server,
      serverMessage: '',
      status: 200,
    });
  });

  it('4xx/5xx with an envelope is a server failure carrying the status', async () => {
    const { fetch } = recordingFetch(() =>
      json(401, { code: 401, message: 'Please log in again.' }),
    );
    expect(await client(fetch).call('delayDetail')).toEqual({
      ok: false,
      kind: 'server',
      code: '401',
      message: 'Please log in again.',
      serverMessage: 'Please log in again.',
      status: 401,
    });
    const { fetch: f500 } = recordingFetch(() => json(500, { code: 0, message: 'odd' }));
    expect(await client(f500).call('delayDetail')).toMatchObject({
      ok: false,
      kind: 'server',
      status: 500,
    });
  });

  it.each([
    [200, '<!doctype html><title>Login</title>'],
    [502, '<html><body>Bad Gateway</body></html>'],
    [500, '<html>Internal Server Error</html>'],
    [200, ''],
    [200, '[1,2]'],
    [200, '{"message":"no code"}'],
    [200, 'null'],
    [204, ''],
  ])('status %i body %j -> bad-response', async (status, body) => {
    const { fetch } = recordingFetch(() => respond(status, body));
    expect(await client(fetch).call('delayDetail')).toEqual({
      ok: false,
      kind: 'bad-response',
      message: MESSAGES['bad-response'],
      status,
    });
  });

  it('a rejected fetch (offline, connection reset) -> network', async () => {
    const fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await client(fetch).call('delayDetail')).toEqual({
      ok: false,
      kind: 'network',
      message: MESSAGES.network,
    });
  });

  it('__proto__ in response data does not pollute prototypes', async () => {
    const { fetch } = recordingFetch(() =>
      respond(200, '{"code":0,"data":{"__proto__":{"p":1},"x":{"__proto__":{"p":2}}}}'),
    );
    const r = await client(fetch).call('delayDetail');
    expect(r.ok && r.data).toEqual({ x: {} });
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });
});

describe('timeout and abort', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts after 60 s by default -> timeout', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = hangingFetch();
    let settled = false;
    const pending = client(fetch).call('delayDetail');
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(59999);
    expect(settled).toBe(false);
    expect(requests[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, kind: 'timeout', message: MESSAGES.timeout });
    expect(requests[0]?.init.signal?.aborted).toBe(true);
  });

  it('times out even when the fetch ignores its signal', async () => {
    vi.useFakeTimers();
    const { fetch } = hangingFetch(false);
    const pending = client(fetch, { timeoutMs: 500 }).call('delayDetail');
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('an external signal aborts the request -> aborted', async () => {
    const { fetch, requests } = hangingFetch();
    const page = new AbortController();
    const pending = client(fetch).call('delayDetail', {}, { signal: page.signal });
    page.abort();
    expect(await pending).toEqual({ ok: false, kind: 'aborted', message: MESSAGES.aborted });
    expect(requests[0]?.init.signal?.aborted).toBe(true);
  });

  it('an already aborted signal sends nothing', async () => {
    const { fetch, requests } = recordingFetch();
    const page = new AbortController();
    page.abort();
    expect(await client(fetch).call('delayDetail', {}, { signal: page.signal })).toMatchObject({
      kind: 'aborted',
    });
    expect(requests).toHaveLength(0);
  });

  it('a response that arrives after the page left is reported as aborted, not as data', async () => {
    const page = new AbortController();
    const { fetch } = recordingFetch(async () => {
      page.abort();
      return json(200, { code: 0, data: { late: true } });
    });
    expect(await client(fetch).call('delayDetail', {}, { signal: page.signal })).toMatchObject({
      ok: false,
      kind: 'aborted',
    });
  });
});
