/** SECURITY.md 18: 400 for bad input (never 500), 401 without a live session, 403 for others' data. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, OTHER, SESSION_QS, startServer, url, USER, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const json = { 'content-type': 'application/json' };

describe('bad requests get 400 with a reason', () => {
  it.each([
    ['garbage JSON', '{"productId": ', json],
    ['JSON array', '[1,2]', json],
    ['JSON string', '"x"', json],
    ['empty JSON body', '', json],
    ['proto pollution', '{"__proto__":{"p":1},"productId":"P002","orderId":"O170"}', json],
  ])('%s', async (_name, payload, headers) => {
    const res = await s.inject({ method: 'POST', url: url('installmentPlan'), payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '400' });
    expect(String(res.json().message)).not.toBe('');
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it.each([
    ['wrong type', { productId: 'P002', orderId: 12 }],
    ['missing field', { productId: 'P002' }],
    ['unknown field', { productId: 'P002', orderId: 'O170', extra: 1 }],
    ['id with a path', { productId: 'P002', orderId: '../O170' }],
  ])('JSON body: %s', async (_n, body) => {
    const res = await s.call('installmentPlan', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('400');
  });

  it.each([
    ['negative', -1],
    ['zero', 0],
    ['huge', 100_000_000_001],
    ['fraction', 10.5],
    ['not a number', 'abc'],
    ['exponent', '1e20'],
  ])('amount %s -> 400', async (_n, amount) => {
    const gen = await s.call('generateVcode', {
      product_id: 'P002',
      orderId: 'O170',
      amount,
      isDelay: 0,
    });
    expect(gen.status).toBe(400);
    const commit = await s.call(
      'repaymentCommit',
      { amount, cardId: 'CARD1', orderId: 'O170', repayToken: 'x' },
      { headers: { 'idempotency-key': 'bad-amount-0001' } },
    );
    expect(commit.status).toBe(400);
    const huichao = await s.call('repaymentHuichao', {
      userId: USER.userId,
      orderId: 'O170',
      amount,
    });
    expect(huichao.status).toBe(400);
    const push = await s.call('loanPush', { amount, productId: 'P001' });
    expect(push.status).toBe(400);
  });

  it('amount above the outstanding balance -> 400', async () => {
    const res = await s.call('generateVcode', {
      product_id: 'P002',
      orderId: 'O170',
      amount: 99_000_000_000,
      isDelay: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/outstanding/);
  });

  it('query: a repeated key is its first value (src/contract/servedPage/query.ts); oversized session params -> 400', async () => {
    // userId=1 (the first) with a session that is not its own: the session check refuses it.
    const twice = await s.inject({
      method: 'POST',
      url: `/vexed/v3/installment/loan-play-detail-yd?userId=1&userId=${USER.userId}&sessionId=${USER.sessionId}`,
      payload: {},
    });
    expect(twice.statusCode).toBe(401);
    const first = await s.call(
      'installmentPlan',
      { productId: 'P002', orderId: 'O170' },
      { qs: `userId=${USER.userId}&userId=1&sessionId=${USER.sessionId}` },
    );
    expect(first.status).toBe(200);
    const big = await s.call(
      'installmentPlan',
      { productId: 'P002', orderId: 'O170' },
      { qs: `userId=${USER.userId}&sessionId=${'a'.repeat(300)}` },
    );
    expect(big.status).toBe(400);
  });

  it('form body with wrong types -> 400', async () => {
    const res = await s.inject({
      method: 'POST',
      url: url('repaymentCommit'),
      payload: 'amount=ten&orderId=O170',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'form-bad-0001',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('bank form: digits only, required fields, known options', async () => {
    const digits = await s.call('saveBankInfo', {
      product_id: 'P001',
      cardType: 1,
      fields: { walletPhone: '07x2', mpesaName: 'A', holderName: 'A' },
    });
    expect(digits.status).toBe(400);
    expect(digits.body.message).toMatch(/digits only/);
    const required = await s.call('saveBankInfo', {
      product_id: 'P001',
      cardType: 2,
      fields: { holderName: 'A', bankName: 'CRDB' },
    });
    expect(required.body.message).toMatch(/Bank account number.*required/);
    const option = await s.call('cardChange', {
      product_id: 'P001',
      cardType: 2,
      fields: { holderName: 'A', bankName: 'EVIL', cardNo: '1234' },
    });
    expect(option.status).toBe(400);
    const channel = await s.call('saveBankInfo', {
      product_id: 'P001',
      cardType: 1,
      channelNumber: '99999',
      fields: { walletPhone: '0712', holderName: 'A' },
    });
    expect(channel.status).toBe(400);
  });

  it('unknown route under /vexed -> 404 envelope, not the app', async () => {
    const res = await s.inject({ method: 'POST', url: '/vexed/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404' });
  });
});

describe('sessions and ownership', () => {
  it.each([
    ['no session', ''],
    ['unknown session', `userId=${USER.userId}&sessionId=nope`],
    ['session of another user', `userId=${USER.userId}&sessionId=${OTHER.sessionId}`],
  ])('%s -> 401', async (_n, qs) => {
    const res = await s.call('installmentPlan', { productId: 'P002', orderId: 'O170' }, { qs });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it.each([
    ['installmentPlan', { productId: 'P001', orderId: OTHER.orderId }],
    ['delayDetail', { productId: 'P001', orderId: OTHER.orderId }],
    ['generateVcode', { product_id: 'P001', orderId: OTHER.orderId, amount: 100, isDelay: 0 }],
    ['submitUtr', { orderId: OTHER.orderId, utr: 'ABCD1234' }],
    ['loanDetails', { orderId: OTHER.orderId }],
    ['repaymentHuichao', { userId: USER.userId, orderId: OTHER.orderId, amount: 100 }],
    ['repaymentCodeInfo', { orderId: OTHER.orderId }],
    ['problemInit', { orderId: OTHER.orderId }],
    ['problemSave', { problemType: 2, problemDetail: 'x', orderNo: OTHER.orderId }],
  ])("%s on another user's order -> 403", async (key, body) => {
    const res = await s.call(key, body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('403');
  });

  it("repayment-way and commit on another user's order -> 403", async () => {
    const way = await s.call(
      'repaymentWay',
      {},
      { qs: `userId=${USER.userId}&sessionId=${USER.sessionId}&orderId=${OTHER.orderId}` },
    );
    expect(way.status).toBe(403);
    const commit = await s.call(
      'repaymentCommit',
      { amount: 100, cardId: 'CARD1', orderId: OTHER.orderId, repayToken: 'x' },
      { headers: { 'idempotency-key': 'other-order-0001' } },
    );
    expect(commit.status).toBe(403);
  });

  it("another user's complaint -> 403", async () => {
    const mine = await s.call(
      'problemDetail',
      { problemId: '1' },
      { qs: `userId=${OTHER.userId}&sessionId=${OTHER.sessionId}` },
    );
    expect(mine.status).toBe(403);
  });
});

/*
 * Every numeric field of every endpoint, generated from schemas/api, refuses
 * non-finite and non-decimal spellings in form bodies, JSON bodies and query strings; NUL bytes
 * and lone surrogates in text get 400; and no endpoint answers 500 to any malformed input.
 */
const API = join(import.meta.dirname, '../../schemas/api');
interface Prop {
  type?: string | string[];
}
function requestProps(key: string): Record<string, Prop> {
  const ep = catalogue[key];
  const schema = JSON.parse(
    readFileSync(join(API, `${ep?.request ?? ''}.schema.json`), 'utf8'),
  ) as { properties?: Record<string, Prop> };
  return schema.properties ?? {};
}
const types = (p: Prop) => (Array.isArray(p.type) ? p.type : [p.type]);
const isNumeric = (p: Prop) => types(p).some((t) => t === 'integer' || t === 'number');
const isText = (p: Prop) => types(p).includes('string');
const ENDPOINTS = Object.keys(catalogue).filter(
  (k) => !['multipart', 'image'].includes(catalogue[k]?.client ?? ''),
);
const NUMERIC_FIELDS = ENDPOINTS.flatMap((k) =>
  Object.entries(requestProps(k))
    .filter(([, p]) => isNumeric(p))
    .map(([f]) => [k, f] as const),
);
const TEXT_FIELDS = ENDPOINTS.flatMap((k) =>
  Object.entries(requestProps(k))
    .filter(([, p]) => isText(p))
    .map(([f]) => [k, f] as const),
);
const FORM_NUMBERS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-1e400',
  ' 1',
  '1 ',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '1e2',
  '+1',
  '',
  '.5',
  '1.',
  '١',
  '0x1p3',
  '--1',
];
const JSON_NUMBERS = ['1e400', '-1e400', '"Infinity"', '"NaN"', '"1"', 'null', 'true', '[]', '{}'];
/** A valid body per endpoint, so a bad field is the only thing wrong (and reaches the handler if accepted). */
const VALID: Record<string, Record<string, unknown>> = {
  installmentPlan: { productId: 'P002', orderId: 'O170' },
  delayDetail: { productId: 'P001', orderId: 'O174D' },
  generateVcode: {
    product_id: 'P002',
    orderId: 'O170',
    amount: 1_000_000,
    cardNo: '0712345678',
    bankCode: '90006',
    isDelay: 0,
  },
  submitUtr: { orderId: 'O170', utr: 'ABC123456', isDelay: 0 },
  repaymentCodeInfo: { orderId: 'O180D' },
  loanDetails: { orderId: 'O170', productId: 'P002' },
  loanConfirmDetail: { productId: 'P001' },
  contractList: { productId: 'P001', scene: 3 },
  contractJump: { productId: 'P001', scene: 3, position: 1, orderId: 'O170' },
  loanPush: { amount: 2_000_000, productId: 'P001' },
  googleScore: { score: 5, orderId: 'O200' },
  eventSave: { productId: 'P001', moduleId: 30, positionId: 0 },
  problemSave: { problemType: 3, problemDetail: 'text', problemImage: '', orderNo: '' },
  problemDetail: { problemId: '1' },
  problemInit: { orderId: 'O170' },
  saveScore: { score: 5, problemId: '1' },
  cardInit: { product_id: 'P001' },
  saveBankInfo: {
    product_id: 'P001',
    cardType: 1,
    fields: { walletPhone: '0712345678', holderName: 'A' },
  },
  cardChange: {
    product_id: 'P001',
    cardType: 1,
    fields: { walletPhone: '0712345678', holderName: 'A' },
  },
  trackVisit: {
    page_id: 'p',
    user_from: 'u',
    client_type: 'c',
    page_type: 1,
    utm_tag: 't',
    app_from: 'a',
    phone: '1',
  },
  trackClick: {
    page_id: 'p',
    user_from: 'u',
    client_type: 'c',
    page_type: 1,
    utm_tag: 't',
    app_from: 'a',
    phone: '1',
  },
  channelTemplate: { templateId: 'default' },
  contactKfInfo: { overall: 30 },
  getSms: { phone: '13900000009', capcode: 'AAAA', sid: 'S1' },
  register: { phone: '13900000009', capcode: 'AAAA', sid: 'S1', smsCode: '123456', userName: 'x' },
  sendSmsCodeNew: { phone: '0712345678', type: 'login' },
  userDelete: { phone: '0712345678', code: '1234' },
  repaymentCommit: { amount: 1_000_000, cardId: 'CARD1', orderId: 'O174N', repayToken: 'x' },
  repaymentHuichao: { userId: '10001', orderId: 'O174N', amount: 500_000 },
  legacyConfirmDetail: { productId: 'P001' },
  legacyContractList: { productId: 'P001', scene: 3 },
  legacyContractJump: { productId: 'P001', scene: 3, position: 1, orderId: 'O170' },
  legacyLoanPush: { amount: 2_000_000, productId: 'P001' },
  legacyProductClick: { productId: 'P001', position: 0 },
  legacyProductLink: { productId: 'P001' },
};
const form = (o: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(o).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();
const session = (key: string) =>
  key === 'repaymentWay' ? `${SESSION_QS}&orderId=O170` : SESSION_QS;

function send(srv: TestServer, key: string, raw: string, kind: 'form' | 'json') {
  const ep = catalogue[key];
  if (ep?.method === 'GET')
    return srv.inject({ method: 'GET', url: url(key, `${session(key)}&${raw}`) });
  const headers = {
    'content-type': kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'idempotency-key': `k-${Math.random().toString(36).slice(2)}`,
  };
  return srv.inject({ method: 'POST', url: url(key, session(key)), payload: raw, headers });
}

describe('numeric fields: finite decimal numerals only (generated from schemas/api)', () => {
  let n: TestServer;
  beforeAll(async () => {
    n = await startServer({ apiRateLimit: 100_000 });
  });
  afterAll(async () => {
    await n.close();
  });

  it('covers every numeric request field', () => {
    expect(NUMERIC_FIELDS.map(([k, f]) => `${k}.${f}`)).toEqual(
      expect.arrayContaining([
        'repaymentHuichao.amount',
        'loanPush.periods',
        'googleScore.score',
        'trackVisit.page_type',
        'contractJump.position',
      ]),
    );
  });

  it.each(NUMERIC_FIELDS)(
    '%s.%s: form or query spellings that are not plain decimals -> 400 naming the field',
    async (key, field) => {
      for (const v of FORM_NUMBERS) {
        const res = await send(n, key, form({ ...VALID[key], [field]: v }), 'form');
        expect.soft(res.statusCode, `${key}.${field}=${JSON.stringify(v)}: ${res.body}`).toBe(400);
        expect
          .soft(String(res.json().message), `${key}.${field}=${JSON.stringify(v)}`)
          .toContain(field);
      }
    },
  );

  it.each(NUMERIC_FIELDS.filter(([k]) => catalogue[k]?.method === 'POST'))(
    '%s.%s: JSON 1e400, strings and other types -> 400 naming the field',
    async (key, field) => {
      const nullable = types(requestProps(key)[field] ?? {}).includes('null');
      for (const v of JSON_NUMBERS.filter((x) => !(nullable && x === 'null'))) {
        const res = await send(
          n,
          key,
          JSON.stringify({ ...VALID[key], [field]: 0 }).replace(`"${field}":0`, `"${field}":${v}`),
          'json',
        );
        expect.soft(res.statusCode, `${key}.${field}=${v}: ${res.body}`).toBe(400);
        expect.soft(String(res.json().message), `${key}.${field}=${v}`).toContain(field);
      }
    },
  );

  it('repayment-huichao amount=-Infinity no longer answers 00', async () => {
    const res = await n.call('repaymentHuichao', {
      userId: USER.userId,
      orderId: 'O170',
      amount: '-Infinity',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/amount/);
  });
});

describe('text fields: NUL bytes and lone surrogates -> 400, never 500', () => {
  let n: TestServer;
  beforeAll(async () => {
    n = await startServer({ apiRateLimit: 100_000 });
  });
  afterAll(async () => {
    await n.close();
  });

  it.each(TEXT_FIELDS)('%s.%s', async (key, field) => {
    for (const v of ['a\u0000b', '\u0000', 'x\ud800', '\udc00y']) {
      for (const kind of ['form', 'json'] as const) {
        // Lone surrogates only travel in JSON escapes: form and query encoding turns them into U+FFFD.
        if (/[\ud800-\udfff]/.test(v) && (kind === 'form' || catalogue[key]?.method === 'GET'))
          continue;
        const body = { ...VALID[key], [field]: v };
        const raw =
          kind === 'form' || catalogue[key]?.method === 'GET' ? form(body) : JSON.stringify(body);
        const res = await send(n, key, raw, kind);
        expect
          .soft(res.statusCode, `${kind} ${key}.${field}=${JSON.stringify(v)}: ${res.body}`)
          .toBe(400);
        expect.soft(String(res.json().message), `${kind} ${key}.${field}`).toContain(field);
      }
    }
  });

  it('in the session query and in JSON keys', async () => {
    for (const qs of [
      'userId=10001&sessionId=a%00b',
      'userId=1%00&sessionId=x',
      'userId=10001&sessionId=%ED%A0%80',
    ]) {
      const res = await n.inject({ method: 'POST', url: url('installmentPlan', qs), payload: {} });
      expect(res.statusCode, qs).toBe(400);
    }
    const key = await n.call('saveBankInfo', {
      product_id: 'P001',
      cardType: 1,
      fields: { 'a\u0000': '1' },
    });
    expect(key.status).toBe(400);
  });
});

describe('no endpoint answers 500 to malformed input', () => {
  let n: TestServer;
  beforeAll(async () => {
    n = await startServer({ apiRateLimit: 100_000 });
  });
  afterAll(async () => {
    await n.close();
  });

  const deep = '['.repeat(100_000) + ']'.repeat(100_000);
  const BODIES: Array<[string, string, string]> = [
    ['garbage JSON', '{"a":', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['JSON number', '1e400', 'application/json'],
    ['JSON array', '[{}]', 'application/json'],
    ['deep JSON', deep.slice(0, 60_000), 'application/json'],
    ['proto', '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}', 'application/json'],
    ['huge string', JSON.stringify({ a: 'x'.repeat(200_000) }), 'application/json'],
    ['form junk', '%%%&&&==&a=%ZZ', 'application/x-www-form-urlencoded'],
    ['form NUL', 'a=%00&b=%ED%A0%80', 'application/x-www-form-urlencoded'],
    ['form proto', '__proto__=1&constructor=2', 'application/x-www-form-urlencoded'],
    ['text/plain', 'hello', 'text/plain'],
    ['bad multipart', '--x\r\n\r\n', 'multipart/form-data; boundary=x'],
    ['no boundary', 'x', 'multipart/form-data'],
    ['octet', '\u0000\u0001', 'application/octet-stream'],
    ['json charset junk', '{}', 'application/json; charset=utf-99'],
  ];
  const QUERIES = [
    '',
    'userId=10001&sessionId=demo-session&orderId=%00',
    'userId[]=1&sessionId[a]=2',
    'userId=10001&sessionId=demo-session&productId=%ED%A0%80',
    `userId=10001&sessionId=demo-session&x=${'y'.repeat(5000)}`,
    'userId=%E0%A4%A&sessionId=%',
  ];

  it.each(Object.keys(catalogue))('%s', async (key) => {
    const ep = catalogue[key];
    const path = url(key, '');
    for (const qs of QUERIES) {
      for (const [name, payload, type] of ep?.method === 'GET' ? [['none', '', '']] : BODIES) {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        const target = `${path}?${qs || 'userId=10001&sessionId=demo-session'}`;
        const res = await n.inject({
          method: ep?.method ?? 'POST',
          url: target,
          payload: payload || undefined,
          headers,
        });
        expect
          .soft(res.statusCode, `${key} ${name} ?${qs.slice(0, 60)}: ${res.body.slice(0, 200)}`)
          .toBeLessThan(500);
        // Field values of every type, for every field of the schema.
        if ((name !== 'garbage JSON' && name !== 'none') || qs !== '') continue;
        for (const [field] of Object.entries(requestProps(key))) {
          for (const v of [
            null,
            [],
            {},
            true,
            -1,
            1e308,
            'x'.repeat(10_000),
            '\u0000',
            { $gt: '' },
            '\ud800',
          ]) {
            const whole = { ...VALID[key], [field]: v };
            const body = ep?.method === 'GET' ? undefined : JSON.stringify(whole);
            const at = ep?.method === 'GET' ? `${target}&${form(whole)}` : target;
            const r = await n.inject({
              method: ep?.method ?? 'POST',
              url: at,
              payload: body,
              headers: { 'content-type': 'application/json' },
            });
            expect
              .soft(
                r.statusCode,
                `${key}.${field}=${JSON.stringify(v)?.slice(0, 40)}: ${r.body.slice(0, 200)}`,
              )
              .toBeLessThan(500);
          }
        }
      }
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
