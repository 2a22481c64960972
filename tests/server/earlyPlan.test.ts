/**
 * The page plans the first screen's data requests the app would send at once, so they
 * can leave before the app's code has arrived. Only requests nothing but the query decides, and
 * the plan names query keys, never values: the early script reads them from the page's
 * own query, exactly as the app's resolver reads the layout's bindings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from '../../config/routes.json';
import { earlyPlanOf } from '../../server/page/earlyPlanOf';
import { plannedRequests } from '../../src/contract/servedPage/earlyPlan';
import { readPageQuery } from '../../src/contract/servedPage/query';
import { resolveWith, type ResolveProblem } from '../../src/contract/servedPage/resolveWith';

const ROOT = join(import.meta.dirname, '..', '..');
const layout = (name: string): unknown =>
  JSON.parse(readFileSync(join(ROOT, 'layouts', `${name}.json`), 'utf8'));
const withSources = (dataSources: Record<string, unknown>) => ({
  id: 'x',
  version: 1,
  body: [],
  dataSources,
});
/** Queries a borrower's link can carry: keys absent, empty, repeated, spelt both ways, or hostile. */
const QUERIES = [
  '',
  '?orderId=O170&productId=P002',
  '?product_id=P9',
  '?productId=&product_id=P3',
  '?productId=P1&product_id=P2&orderId=',
  '?orderId=A&orderId=B&productId=P1&productId=P2',
  '?templateId=T1&problemId=42&orderNo=N1',
  '?__proto__=x&constructor=y&toString=z',
  '?orderId=%E2%9C%93%20%22%3C',
];

/** The parameters as the app's resolver (src/contract/servedPage/resolve.ts) reads the layout's bindings. */
function appParams(value: unknown, search: string): unknown {
  const problems: ResolveProblem[] = [];
  const out = resolveWith(value ?? {}, { query: readPageQuery(search) }, {}, '', problems);
  expect(problems).toEqual([]);
  return out;
}

describe('earlyPlanOf', () => {
  it("plans /repay's installment plan with its parameters as the query keys they read", () => {
    expect(earlyPlanOf(layout('repay'))).toEqual({
      requests: [
        {
          endpoint: 'installmentPlan',
          spec: { path: '/v3/installment/loan-play-detail-yd', method: 'POST', client: 'json' },
          params: [
            ['productId', { query: ['productId', 'product_id'] }],
            ['orderId', { query: ['orderId'] }],
          ],
        },
      ],
    });
  });

  it("the early script reads every shipped screen's planned parameters as the app does, for any query", () => {
    let planned = 0;
    for (const { layout: name } of Object.values(routes.pages)) {
      const doc = layout(name) as {
        dataSources?: Record<string, { endpoint: string; params?: unknown; query?: unknown }>;
      };
      const plan = earlyPlanOf(doc);
      for (const search of QUERIES) {
        const sent = plannedRequests(plan, search);
        for (const request of sent) {
          const source = Object.values(doc.dataSources ?? {}).find(
            (s) => s.endpoint === request.endpoint,
          );
          // The same values in the same order: the early answer is taken only by an identical request.
          expect(JSON.stringify(request.params), `${name} ${search}`).toBe(
            JSON.stringify(appParams(source?.params, search)),
          );
          if (source?.query !== undefined)
            expect(JSON.stringify(request.query)).toBe(
              JSON.stringify(appParams(source.query, search)),
            );
        }
        planned += sent.length;
      }
    }
    // Most data screens plan their first request (repay, loan details, confirm, bind bank, ...).
    expect(planned).toBeGreaterThanOrEqual(10 * QUERIES.length);
  });

  it('writes no query value: the plan is a function of the layout alone', () => {
    const text = JSON.stringify(earlyPlanOf(layout('repay')));
    for (const value of ['O170', 'P002', '10001', 'demo-session'])
      expect(text).not.toContain(value);
  });

  it('plans every qualifying source of a screen (confirm: the offer and its contracts)', () => {
    const plan = earlyPlanOf(layout('confirm'));
    expect(plannedRequests(plan, '?productId=P9').map((r) => [r.endpoint, r.params])).toEqual([
      ['loanConfirmDetail', { productId: 'P9' }],
      ['contractList', { productId: 'P9', scene: 3 }],
    ]);
  });

  it('reads a missing key as the page does (undefined, which the request leaves out)', () => {
    const [request] = plannedRequests(earlyPlanOf(layout('repay')), '');
    expect(request?.params).toEqual({ productId: undefined, orderId: undefined });
    expect(JSON.stringify(request?.params)).toBe('{}');
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
      defaultCall: { endpoint: 'contactKfInfo', params: { a: "{{ default(query.a, '') }}" } },
      textAround: { endpoint: 'contactKfInfo', params: { a: 'id-{{ query.a }}' } },
      twoBindings: { endpoint: 'contactKfInfo', params: { a: '{{ query.a }}{{ query.b }}' } },
      otherOperator: { endpoint: 'contactKfInfo', params: { a: '{{ query.a ?? query.b }}' } },
      andOperator: { endpoint: 'contactKfInfo', params: { a: '{{ query.a && query.b }}' } },
      nested: { endpoint: 'contactKfInfo', params: { a: { id: '{{ query.a }}' } } },
      prototypeKey: { endpoint: 'contactKfInfo', params: { a: '{{ query.__proto__ }}' } },
      prototypeName: {
        endpoint: 'contactKfInfo',
        params: JSON.parse('{"__proto__": "{{ query.a }}"}') as unknown,
      },
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
      expect(earlyPlanOf(withSources({ [name]: source })), name).toBeNull();
  });

  it("keeps literal parameters (objects too) and the extra query, in the layout's order", () => {
    const plan = earlyPlanOf(
      withSources({
        c: {
          endpoint: 'contractList',
          params: { scene: 3, productId: '{{ query.p }}', deep: { id: 1 } },
          query: { position: '{{ query.pos }}' },
        },
      }),
    );
    expect(plan?.requests[0]).toMatchObject({
      params: [
        ['scene', { value: 3 }],
        ['productId', { query: ['p'] }],
        ['deep', { value: { id: 1 } }],
      ],
      query: [['position', { query: ['pos'] }]],
    });
    const [request] = plannedRequests(plan, '?p=P1&pos=2');
    expect(JSON.stringify(request?.params)).toBe('{"scene":3,"productId":"P1","deep":{"id":1}}');
    expect(request?.query).toEqual({ position: '2' });
  });

  it('plans nothing for a layout without data sources or with a broken shape', () => {
    for (const doc of [
      layout('about-us'),
      null,
      'x',
      { dataSources: 'x' },
      withSources({ a: null, b: 'x' }),
    ])
      expect(earlyPlanOf(doc)).toBeNull();
  });
});
