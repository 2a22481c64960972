/**
 * Issue 10: the page plans the first screen's data requests the app would send at once, resolved
 * from the page's query, so they can leave before the app's code has arrived. Only requests nothing
 * but the query decides, and nothing of the query but the values they read is written in the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlyPlanOf } from '../../server/prelude/earlyPlan';

const ROOT = join(import.meta.dirname, '..', '..');
const layout = (name: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, 'layouts', `${name}.json`), 'utf8'));
const withSources = (dataSources: Record<string, unknown>) => ({
  id: 'x',
  version: 1,
  body: [],
  dataSources,
});
const SEARCH =
  '?userId=10001&sessionId=s-1&orderId=O170&productId=P002&building=SECRET-B&gather=SECRET-G&mobilePhone=255700000001';

describe('earlyPlanOf', () => {
  it("plans /repay's installment plan with its parameters resolved from the query", () => {
    const plan = earlyPlanOf(layout('repay'), SEARCH);
    expect(plan).toEqual({
      from: { productId: 'P002', product_id: null, orderId: 'O170' },
      requests: [
        {
          endpoint: 'installmentPlan',
          spec: { path: '/v3/installment/loan-play-detail-yd', method: 'POST', client: 'json' },
          params: { productId: 'P002', orderId: 'O170' },
        },
      ],
    });
  });

  it('writes no session value, token or phone number the parameters do not read', () => {
    const text = JSON.stringify(earlyPlanOf(layout('repay'), SEARCH));
    for (const secret of ['SECRET-B', 'SECRET-G', '255700000001', 's-1', '10001'])
      expect(text).not.toContain(secret);
  });

  it('plans every qualifying source of a screen (confirm: the offer and its contracts)', () => {
    const plan = earlyPlanOf(layout('confirm'), '?productId=P9');
    expect(plan?.requests.map((r) => [r.endpoint, r.params])).toEqual([
      ['loanConfirmDetail', { productId: 'P9' }],
      ['contractList', { productId: 'P9', scene: 3 }],
    ]);
  });

  it('resolves a missing key as the page does (undefined, which the request leaves out)', () => {
    const plan = earlyPlanOf(layout('repay'), '');
    expect(plan?.from).toEqual({ productId: null, product_id: null, orderId: null });
    expect(plan?.requests[0]?.params).toEqual({});
  });

  it('leaves out a source whose request anything but the query could change', () => {
    const cases: Record<string, unknown> = {
      manual: { endpoint: 'contactKfInfo', load: 'manual' },
      conditional: { endpoint: 'contactKfInfo', when: '{{ query.a }}' },
      state: { endpoint: 'contactKfInfo', params: { a: '{{ state.tab }}' } },
      data: { endpoint: 'contactKfInfo', params: { a: '{{ data.x.y }}' } },
      config: { endpoint: 'contactKfInfo', params: { a: '{{ config.appName }}' } },
      wholeQuery: { endpoint: 'contactKfInfo', params: { a: '{{ query }}' } },
      computedKey: { endpoint: 'contactKfInfo', params: { a: '{{ query[query.k] }}' } },
      functionCall: { endpoint: 'contactKfInfo', params: { a: '{{ upper(query.a) }}' } },
      brokenBinding: { endpoint: 'contactKfInfo', params: { a: '{{ query.a +' } },
      upload: { endpoint: 'uploadProblemImg', params: {} },
      unknownEndpoint: { endpoint: 'constructor' },
      extraQueryFromState: {
        endpoint: 'contractList',
        params: {},
        query: { page: '{{ state.page }}' },
      },
    };
    for (const [name, source] of Object.entries(cases))
      expect(earlyPlanOf(withSources({ [name]: source }), '?a=1&k=a'), name).toBeNull();
  });

  it('keeps literal parameters and the extra query, resolved', () => {
    const plan = earlyPlanOf(
      withSources({
        c: {
          endpoint: 'contractList',
          params: { scene: 3, deep: { id: '{{ query.id }}' } },
          query: { position: '{{ query.pos }}' },
        },
      }),
      '?id=7&pos=2',
    );
    expect(plan?.requests[0]).toMatchObject({
      params: { scene: 3, deep: { id: '7' } },
      query: { position: '2' },
    });
    expect(plan?.from).toEqual({ id: '7', pos: '2' });
  });

  it('plans nothing for a layout without data sources or with a broken shape', () => {
    for (const doc of [
      layout('about-us'),
      null,
      'x',
      { dataSources: 'x' },
      withSources({ a: null, b: 'x' }),
    ])
      expect(earlyPlanOf(doc, SEARCH)).toBeNull();
  });
});
