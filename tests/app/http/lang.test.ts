/**
 * Contract section 7: every API call carries the page's `lang`, so the server's
 * texts come in the page's language; navigation and the common session query are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createRequestBuilder } from '../../../src/app/http/buildRequest';
import { commonQueryString, readSession } from '../../../src/app/http/borrowerSession';
import { createWireTranslator } from '../../../src/app/http/wireNames';

const builder = createRequestBuilder(
  { apiPrefix: '/vexed', provider: 'kopa' },
  createWireTranslator(),
);
const spec = { path: '/v3/loan-details/loan-play-detail', method: 'POST', client: 'json' } as const;
const defaults = { defaultMerchantNumber: 'KOPA001' };

describe('the page language on API calls', () => {
  it('a page opened with lang=zh (or id-ID) sends it on every call, GET and POST', () => {
    const zh = readSession('userId=u1&sessionId=s1&lang=zh', defaults);
    expect(
      new URL(builder.build(spec, { orderId: 'O1' }, {}, zh).url, 'http://x').searchParams.get(
        'lang',
      ),
    ).toBe('zh');
    const id = readSession('userId=u1&lang=id-ID', defaults);
    expect(
      new URL(
        builder.build({ ...spec, method: 'GET' }, { orderId: 'O1' }, {}, id).url,
        'http://x',
      ).searchParams.get('lang'),
    ).toBe('id-ID');
  });

  it("no lang, no parameter (English, the server's default); the session query keeps the spec's keys only", () => {
    const en = readSession('userId=u1&sessionId=s1', defaults);
    expect(builder.build(spec, {}, {}, en).url).toBe(
      '/vexed/v3/loan-details/loan-play-detail?userId=u1&sessionId=s1&merchantNumber=KOPA001',
    );
    expect(commonQueryString(readSession('userId=u1&lang=zh', defaults))).toBe(
      'userId=u1&merchantNumber=KOPA001',
    );
  });
});
