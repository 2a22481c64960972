/**
 * docs/openapi.json against the running reference server: the refusals and HTTP errors a backend
 * team would mock from it are the ones the server really sends (endpoints.test.ts holds every
 * success answer against it).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileApiValidators } from '../../server/core/catalogue';
import { loadAppConfig, loadWireNames } from '../../server/core/config';
import { createWireMapper } from '../../server/core/wire';
import { publicEndpoint } from '../../server/http/endpoint';
import { catalogue, OTHER, startServer, type TestServer } from './helpers';
import { expectDocumented, operationOf, undocumented } from './openapiDoc';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const keys = Object.keys(catalogue);

describe('docs/openapi.json and the reference server', () => {
  it('every endpoint called without a session: borrower calls 401 with the reason, public ones no 401, each as documented', async () => {
    const statuses: Record<string, number> = {};
    for (const key of keys) {
      const res = await s.call(key, {}, { qs: '' });
      expectDocumented(key, res);
      statuses[key] = res.status;
    }
    const borrower = keys.filter((k) => catalogue[k]?.public !== true);
    expect(borrower.length).toBeGreaterThan(30);
    for (const key of borrower) expect(`${key} ${statuses[key]}`).toBe(`${key} 401`);
    for (const key of keys.filter((k) => catalogue[k]?.public === true))
      expect(statuses[key], key).not.toBe(401);
    // The document says the same: session parameters required exactly on the borrower calls.
    for (const key of keys) {
      const refs = (operationOf(key).op.parameters ?? []).map((p) => p.$ref ?? '');
      expect(refs.includes('#/components/parameters/sessionIdRequired'), key).toBe(
        borrower.includes(key),
      );
    }
  });

  it("another borrower's order is a documented 403", async () => {
    const res = await s.call('loanDetails', { orderId: OTHER.orderId });
    expect(res.status).toBe(403);
    expectDocumented('loanDetails', res);
  });

  it('a body that breaks the request schema is a documented 400 naming the field', async () => {
    const res = await s.call('googleScore', { score: 'many', orderId: 'O200' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('score');
    expectDocumented('googleScore', res);
  });

  it("a wrong captcha is refusal 101 (spec section 8), listed under get-sms's codes", async () => {
    const sid = ((await s.call('getSid', undefined, { qs: '' })).body.data as { sid: string }).sid;
    const res = await s.call(
      'getSms',
      { phone: '13912345670', capcode: 'zzzz', sid, deviceId: 'd', appName: 'Kopa' },
      { qs: '' },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('101');
    expectDocumented('getSms', res);
    const schema = JSON.stringify(operationOf('getSms').op.responses['200']);
    expect(schema).toContain('"const":"101"');
    expect(schema).toContain('"const":"11"');
  });

  it('the checker refuses what the document does not allow', () => {
    expect(undocumented('loanDetails', 200, { code: 0, message: 'success', data: {} })).toMatch(
      /does not match/,
    );
    expect(undocumented('repaymentWay', 200, { code: '00', message: 'success', data: {} })).toMatch(
      /does not match/,
    );
    expect(undocumented('contactKfInfo', 401, { code: '401', message: 'x' })).toMatch(
      /HTTP 401 is not documented/,
    );
    expect(
      undocumented('loanDetails', 401, { code: '401', message: 'Log in', data: { reason: 'x' } }),
    ).toMatch(/does not match/);
    expect(
      undocumented('loanDetails', 401, {
        code: '401',
        message: 'Log in',
        data: { reason: 'expired' },
      }),
    ).toBeNull();
  });

  it("a handler registered against the catalogue's word on the session stops the server", async () => {
    const app = Fastify();
    const ctx = {
      cfg: loadAppConfig(),
      catalogue,
      validators: compileApiValidators(),
      wire: createWireMapper(loadWireNames()),
      responseCheck: 'strict' as const,
      log: app.log,
    };
    expect(() =>
      publicEndpoint(app, ctx, 'loanDetails', async () => {
        throw new Error('never called');
      }),
    ).toThrow(
      'endpoint loanDetails: schemas/api/endpoints.json says session needed, registered as public',
    );
    await app.close();
  });
});
