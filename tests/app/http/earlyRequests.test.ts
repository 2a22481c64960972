/**
 * The page sends the first screen's data requests before the app's code has arrived
 * (src/app/shell/early.ts); the API client takes the answer of a request it builds identically, once,
 * and sends anything else itself.
 */
import { describe, expect, it } from 'vitest';
import { createRequestBuilder } from '../../../src/app/http/buildRequest';
import { createApiClient } from '../../../src/app/http/client';
import { createEarlyRequests, pageEarlyRequests } from '../../../src/app/http/earlyRequests';
import { plannedRequests } from '../../../src/contract/servedPage/earlyPlan';
import { readSession } from '../../../src/app/http/borrowerSession';
import { createWireTranslator } from '../../../src/app/http/wireNames';
import { catalogue, config, json, recordingFetch, session } from './fixtures';

const builder = createRequestBuilder(config, createWireTranslator());
const delayDetail = {
  path: '/v3/loan-details/delay-detail-yd',
  method: 'POST',
  client: 'json',
} as const;
const ok = (data: unknown) => json(200, { code: 0, message: 'ok', data });

function setUp() {
  const early = createEarlyRequests();
  const sent = recordingFetch(() => ok({ from: 'early' }));
  const app = recordingFetch(() => ok({ from: 'app' }));
  const api = createApiClient({
    fetch: app.fetch,
    catalogue,
    config,
    getSession: () => session,
    early,
  });
  return { early, sent, app, api };
}

describe('early requests', () => {
  it('the app takes the answer of an identical request instead of sending it again', async () => {
    const { early, sent, app, api } = setUp();
    early.send(
      builder.build(delayDetail, { productId: 'p9', orderId: 'o7' }, {}, session),
      sent.fetch,
    );
    expect(sent.requests).toHaveLength(1);
    const result = await api.call('delayDetail', { productId: 'p9', orderId: 'o7' });
    expect(result).toMatchObject({ ok: true, data: { from: 'early' } });
    expect(app.requests).toHaveLength(0);
  });

  it('an answer is taken once: the next identical call is sent by the app', async () => {
    const { early, sent, app, api } = setUp();
    early.send(builder.build(delayDetail, { orderId: 'o7' }, {}, session), sent.fetch);
    await api.call('delayDetail', { orderId: 'o7' });
    const again = await api.call('delayDetail', { orderId: 'o7' });
    expect(again).toMatchObject({ ok: true, data: { from: 'app' } });
    expect(app.requests).toHaveLength(1);
  });

  it('a request that differs in body, headers or URL is sent by the app', async () => {
    const { early, sent, app, api } = setUp();
    early.send(builder.build(delayDetail, { orderId: 'o7' }, {}, session), sent.fetch);
    const otherSession = readSession('?userId=u1&sessionId=s1&productId=p9&building=B2&gather=G1', {
      defaultMerchantNumber: 'KOPA001',
    });
    early.send(builder.build(delayDetail, { orderId: 'o8' }, {}, otherSession), sent.fetch);
    expect(await api.call('delayDetail', { orderId: 'o8' })).toMatchObject({
      data: { from: 'app' },
    });
    expect(await api.call('delayDetail', { orderId: 'o7' }, { query: { page: 2 } })).toMatchObject({
      data: { from: 'app' },
    });
    expect(app.requests).toHaveLength(2);
  });

  it('after close nothing is sent or taken', async () => {
    const { early, sent, app, api } = setUp();
    early.send(builder.build(delayDetail, { orderId: 'o7' }, {}, session), sent.fetch);
    early.close();
    early.send(builder.build(delayDetail, { orderId: 'o9' }, {}, session), sent.fetch);
    expect(sent.requests).toHaveLength(1);
    expect(await api.call('delayDetail', { orderId: 'o7' })).toMatchObject({
      data: { from: 'app' },
    });
    expect(app.requests).toHaveLength(1);
  });

  it('an early request that failed is the failure of the call that takes it (Retry then sends afresh)', async () => {
    const { early, app, api } = setUp();
    early.send(builder.build(delayDetail, { orderId: 'o7' }, {}, session), () =>
      Promise.reject(new TypeError('offline')),
    );
    expect(await api.call('delayDetail', { orderId: 'o7' })).toMatchObject({
      ok: false,
      kind: 'network',
    });
    expect(await api.call('delayDetail', { orderId: 'o7' })).toMatchObject({
      ok: true,
      data: { from: 'app' },
    });
    expect(app.requests).toHaveLength(1);
  });

  it('an upload (a non-text body) is never sent early', () => {
    const early = createEarlyRequests();
    const sent = recordingFetch();
    const upload = {
      path: '/user-problem/upload-problem-img',
      method: 'POST',
      client: 'multipart',
    } as const;
    early.send(builder.build(upload, { file: 'x' }, {}, session), sent.fetch);
    expect(sent.requests).toHaveLength(0);
  });
});

describe('the page plan (plannedRequests)', () => {
  const spec = { path: '/v3/installment/loan-play-detail-yd', method: 'POST', client: 'json' };
  const plan = {
    requests: [
      {
        endpoint: 'installmentPlan',
        spec,
        params: [
          ['productId', { query: ['productId', 'product_id'] }],
          ['orderId', { query: ['orderId'] }],
          ['scene', { value: 3 }],
        ],
      },
    ],
  };

  it("reads each parameter from the page's own query, in the plan's order", () => {
    const [request] = plannedRequests(plan, '?orderId=O170&productId=P1&userId=1');
    expect(request).toEqual({
      endpoint: 'installmentPlan',
      spec,
      params: { productId: 'P1', orderId: 'O170', scene: 3 },
    });
    expect(Object.keys(request?.params ?? {})).toEqual(['productId', 'orderId', 'scene']);
  });

  it('reads `query.a || query.b` as the expression language does: the first value not empty, else the last', () => {
    const productId = (search: string) => plannedRequests(plan, search)[0]?.params.productId;
    expect(productId('?product_id=P2')).toBe('P2');
    expect(productId('?productId=&product_id=P2')).toBe('P2');
    expect(productId('?productId=P1&product_id=P2')).toBe('P1');
    expect(productId('?productId=&product_id=')).toBe('');
    expect(productId('?orderId=O1')).toBeUndefined();
  });

  it('reads a repeated key as every reader does (its first value, src/contract/servedPage/query.ts)', () => {
    expect(plannedRequests(plan, '?orderId=A&orderId=B')[0]?.params.orderId).toBe('A');
  });

  it('never reads a key the query does not own, and drops a parameter named like a prototype', () => {
    const odd = {
      requests: [
        {
          endpoint: 'x',
          spec,
          params: [
            ['a', { query: ['constructor'] }],
            ['__proto__', { value: { polluted: true } }],
          ],
        },
      ],
    };
    const [request] = plannedRequests(odd, '');
    expect(request?.params).toEqual({ a: undefined });
    expect(Object.getPrototypeOf(request?.params)).toBe(Object.prototype);
  });

  it('drops what is not a same-origin read of the JSON or form client, and any malformed plan', () => {
    const bad = (s: unknown) => ({ requests: [{ endpoint: 'x', spec: s, params: [] }] });
    expect(
      plannedRequests(bad({ path: '//evil.example/x', method: 'POST', client: 'json' }), ''),
    ).toEqual([]);
    expect(plannedRequests(bad({ path: '/x', method: 'DELETE', client: 'json' }), '')).toEqual([]);
    expect(plannedRequests(bad({ path: '/x', method: 'POST', client: 'multipart' }), '')).toEqual(
      [],
    );
    expect(plannedRequests(bad({ path: '/x', method: 'GET', client: 'form' }), '')).toHaveLength(1);
    const withParams = (params: unknown) => ({ requests: [{ endpoint: 'x', spec, params }] });
    for (const junk of [
      null,
      'x',
      [],
      { requests: 'x' },
      withParams({ a: 1 }),
      withParams([['a']]),
      withParams([['a', { query: [] }]]),
      withParams([['a', { query: [1] }]]),
      withParams([['a', {}]]),
      withParams([[1, { value: 1 }]]),
    ])
      expect(plannedRequests(junk, '?a=1')).toEqual([]);
  });
});

// The early script and the app are built apart (scripts/build/earlyScript.ts): they meet through
// one object on the page, not through a shared module.
describe("the page's one set of early requests", () => {
  it('is the same set for every caller on one page, and another page has its own', async () => {
    const page = {};
    const fromEarlyScript = pageEarlyRequests(page);
    const sent = recordingFetch(() => ok({ from: 'early' }));
    fromEarlyScript.send(
      builder.build(delayDetail, { productId: 'p9', orderId: 'o7' }, {}, session),
      sent.fetch,
    );
    const app = recordingFetch(() => ok({ from: 'app' }));
    const api = createApiClient({
      fetch: app.fetch,
      catalogue,
      config,
      getSession: () => session,
      early: pageEarlyRequests(page),
    });
    expect(await api.call('delayDetail', { productId: 'p9', orderId: 'o7' })).toMatchObject({
      ok: true,
      data: { from: 'early' },
    });
    expect(app.requests).toHaveLength(0);
    expect(pageEarlyRequests({})).not.toBe(fromEarlyScript);
    expect(pageEarlyRequests(page)).toBe(fromEarlyScript);
  });
});
