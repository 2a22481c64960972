import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/app/http/client';
import { createWireTranslator, type WireNames } from '../../../src/app/http/wireNames';
import { catalogue, config, json, recordingFetch, session } from './fixtures';

const table: WireNames = {
  paths: {
    '/v3/loan-details/delay-detail-yd': '/q1/zz7',
    // Template form: one entry serves every provider.
    '/api/v1/{provider}/service/loan/repayment-commit': '/q2/pp1',
  },
  fields: {
    orderId: 'o_x',
    productId: 'p_x',
    product_id: 'p_y',
    userId: 'u_x',
    amount: 'a_x',
    bankCards: 'bc',
    cardNo: 'cn',
  },
};

describe('wire-name table', () => {
  it('identity by default', () => {
    const t = createWireTranslator();
    expect(t.path('/v3/a', '/v3/a')).toBe('/v3/a');
    expect(t.toWire({ orderId: 1, nested: [{ productId: 2 }] })).toEqual({
      orderId: 1,
      nested: [{ productId: 2 }],
    });
  });

  it('renames path, query keys and deep JSON body keys on the way out', async () => {
    const { fetch, requests } = recordingFetch();
    const c = createApiClient({
      fetch,
      catalogue,
      config,
      wireNames: table,
      getSession: () => session,
    });
    await c.call(
      'delayDetail',
      { orderId: 'o7', extra: { amount: 5, list: [{ productId: 'p1' }] } },
      { query: { orderId: 'o7' } },
    );
    expect(requests[0]?.url).toBe(
      '/vexed/q1/zz7?u_x=u1&sessionId=s1&merchantNumber=KOPA001&p_x=p9&p_y=p9&o_x=o7',
    );
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      o_x: 'o7',
      extra: { a_x: 5, list: [{ p_x: 'p1' }] },
    });
  });

  it('renames form field names and looks paths up in their template form', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, { code: '00' }));
    const c = createApiClient({
      fetch,
      catalogue,
      config,
      wireNames: table,
      getSession: () => session,
    });
    await c.call('repaymentCommit', { amount: 100, orderId: 'o7', bankName: 'X' });
    expect(requests[0]?.url.startsWith('/vexed/q2/pp1?')).toBe(true);
    expect(requests[0]?.init.body).toBe('a_x=100&o_x=o7&bankName=X');
  });

  it('renames response data keys back to logical names, deeply', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: 0, message: '', data: { bc: [{ cn: '6222', other: 1 }], o_x: 'o7' } }),
    );
    const c = createApiClient({
      fetch,
      catalogue,
      config,
      wireNames: table,
      getSession: () => session,
    });
    const r = await c.call('delayDetail');
    expect(r).toEqual({
      ok: true,
      code: '0',
      message: '',
      data: { bankCards: [{ cardNo: '6222', other: 1 }], orderId: 'o7' },
    });
  });

  it('also renames the data of a server failure', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: 7, message: 'no', data: { o_x: 'o7' } }),
    );
    const c = createApiClient({
      fetch,
      catalogue,
      config,
      wireNames: table,
      getSession: () => session,
    });
    expect(await c.call('delayDetail')).toMatchObject({
      ok: false,
      kind: 'server',
      data: { orderId: 'o7' },
    });
  });

  it('never looks up inherited names and bounds depth', () => {
    const t = createWireTranslator(table);
    expect(t.fieldToWire('constructor')).toBe('constructor');
    expect(t.fieldFromWire('toString')).toBe('toString');
    let deep: unknown = 1;
    for (let i = 0; i < 10000; i += 1) deep = [deep];
    expect(() => t.fromWire(deep)).not.toThrow();
  });
});

describe('response keys with the identity table (no copy of every row)', () => {
  it('drops __proto__ keys at any depth, keeps everything else and bounds depth', () => {
    const t = createWireTranslator();
    const parsed = JSON.parse(
      '{"a":1,"__proto__":{"polluted":true},"list":[{"__proto__":{"x":1},"b":null,"c":[2]}]}',
    ) as Record<string, unknown>;
    const out = t.fromWire(parsed) as Record<string, unknown>;
    expect(out).toEqual({ a: 1, list: [{ b: null, c: [2] }] });
    expect(Object.prototype.hasOwnProperty.call(out, '__proto__')).toBe(false);
    expect(Object.prototype.hasOwnProperty.call((out.list as unknown[])[0], '__proto__')).toBe(
      false,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 10000; i += 1) deep = [deep];
    expect(() => t.fromWire(deep)).not.toThrow();
  });

  it('renames nothing and answers the same data through the client', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: 0, message: '', data: { bc: [{ cn: '6222' }], o_x: 'o7' } }),
    );
    const c = createApiClient({ fetch, catalogue, config, getSession: () => session });
    expect(await c.call('delayDetail')).toEqual({
      ok: true,
      code: '0',
      message: '',
      data: { bc: [{ cn: '6222' }], o_x: 'o7' },
    });
  });
});
