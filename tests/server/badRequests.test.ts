/** SECURITY.md 18: 400 for bad input (never 500), 401 without a live session, 403 for others' data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER, startServer, url, USER, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

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
    ['negative', -1], ['zero', 0], ['huge', 100_000_000_001], ['fraction', 10.5], ['not a number', 'abc'], ['exponent', '1e20'],
  ])('amount %s -> 400', async (_n, amount) => {
    const gen = await s.call('generateVcode', { product_id: 'P002', orderId: 'O170', amount, isDelay: 0 });
    expect(gen.status).toBe(400);
    const commit = await s.call('repaymentCommit', { amount, cardId: 'CARD1', orderId: 'O170', repayToken: 'x' }, { headers: { 'idempotency-key': 'bad-amount-0001' } });
    expect(commit.status).toBe(400);
    const huichao = await s.call('repaymentHuichao', { userId: USER.userId, orderId: 'O170', amount });
    expect(huichao.status).toBe(400);
    const push = await s.call('loanPush', { amount, productId: 'P001' });
    expect(push.status).toBe(400);
  });

  it('amount above the outstanding balance -> 400', async () => {
    const res = await s.call('generateVcode', { product_id: 'P002', orderId: 'O170', amount: 99_000_000_000, isDelay: 0 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/outstanding/);
  });

  it('query: repeated or oversized session params -> 400', async () => {
    const twice = await s.inject({ method: 'POST', url: `/vexed/v3/installment/loan-play-detail-yd?userId=1&userId=2&sessionId=x`, payload: {} });
    expect(twice.statusCode).toBe(400);
    const big = await s.call('installmentPlan', { productId: 'P002', orderId: 'O170' }, { qs: `userId=${USER.userId}&sessionId=${'a'.repeat(300)}` });
    expect(big.status).toBe(400);
  });

  it('form body with wrong types -> 400', async () => {
    const res = await s.inject({ method: 'POST', url: url('repaymentCommit'), payload: 'amount=ten&orderId=O170', headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'form-bad-0001' } });
    expect(res.statusCode).toBe(400);
  });

  it('bank form: digits only, required fields, known options', async () => {
    const digits = await s.call('saveBankInfo', { product_id: 'P001', cardType: 1, fields: { walletPhone: '07x2', mpesaName: 'A', holderName: 'A' } });
    expect(digits.status).toBe(400);
    expect(digits.body.message).toMatch(/digits only/);
    const required = await s.call('saveBankInfo', { product_id: 'P001', cardType: 2, fields: { holderName: 'A', bankName: 'CRDB' } });
    expect(required.body.message).toMatch(/Bank account number.*required/);
    const option = await s.call('cardChange', { product_id: 'P001', cardType: 2, fields: { holderName: 'A', bankName: 'EVIL', cardNo: '1234' } });
    expect(option.status).toBe(400);
    const channel = await s.call('saveBankInfo', { product_id: 'P001', cardType: 1, channelNumber: '99999', fields: { walletPhone: '0712', holderName: 'A' } });
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
  ])('%s on another user\'s order -> 403', async (key, body) => {
    const res = await s.call(key, body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('403');
  });

  it('repayment-way and commit on another user\'s order -> 403', async () => {
    const way = await s.call('repaymentWay', {}, { qs: `userId=${USER.userId}&sessionId=${USER.sessionId}&orderId=${OTHER.orderId}` });
    expect(way.status).toBe(403);
    const commit = await s.call('repaymentCommit', { amount: 100, cardId: 'CARD1', orderId: OTHER.orderId, repayToken: 'x' }, { headers: { 'idempotency-key': 'other-order-0001' } });
    expect(commit.status).toBe(403);
  });

  it('another user\'s complaint -> 403', async () => {
    const mine = await s.call('problemDetail', { problemId: '1' }, { qs: `userId=${OTHER.userId}&sessionId=${OTHER.sessionId}` });
    expect(mine.status).toBe(403);
  });
});
