// @vitest-environment node
/**
 * One reading of the page's query. A repeated key is its first value for every
 * reader: the session, the language, the page's bindings (createEnv uses readPageQuery), the
 * early script's reading of the plan; before, two of them kept the last.
 */
import { describe, expect, it } from 'vitest';
import { readPageQuery, searchOf } from '../../../src/contract/servedPage/query';
import { readSession } from '../../../src/app/http/borrowerSession';
import { hostLanguage } from '../../../src/app/shell/language';
import { plannedRequests } from '../../../src/contract/servedPage/earlyPlan';
import { earlyPlanOf } from '../../../server/page/earlyPlanOf';

const REPEATED = '?userId=10001&sessionId=s1&orderId=A&orderId=B&lang=zh&lang=id&productId=P1';

describe('readPageQuery', () => {
  it('keeps the first value of a repeated key', () => {
    expect(readPageQuery(REPEATED)).toMatchObject({ orderId: 'A', lang: 'zh', userId: '10001' });
    expect(readPageQuery('orderId=A&orderId=B').orderId).toBe('A');
  });

  it('treats a key like __proto__ as data', () => {
    const q = readPageQuery('?__proto__=x&constructor=y');
    expect(q.__proto__).toBe('x');
    expect(Object.getPrototypeOf(q)).toBeNull();
  });

  it('takes the query part of a URL', () => {
    expect(searchOf('/repay?a=1&b=2')).toBe('?a=1&b=2');
    expect(searchOf('/repay')).toBe('');
  });
});

describe('every reader agrees on a repeated key', () => {
  it('session, language, server plan and the early script see the same order', () => {
    expect(readSession(REPEATED, { defaultMerchantNumber: 'M' }).params.userId).toBe('10001');
    expect(hostLanguage(REPEATED)).toBe('zh');
    const layout = {
      dataSources: {
        order: { endpoint: 'loanDetails', params: { orderId: '{{ query.orderId }}' } },
      },
    };
    // The plan names the key; the early script reads its first value, as the page does.
    const plan = earlyPlanOf(layout);
    expect(plannedRequests(plan, REPEATED)[0]?.params).toEqual({ orderId: 'A' });
    expect(plannedRequests(plan, '?orderId=B&orderId=A')[0]?.params).toEqual({ orderId: 'B' });
  });
});
