/** The test-only /__test/users route: a borrower of its own for flows that end every session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, smsCode, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

describe('/__test/users', () => {
  it('makes a borrower with a live session whose deletion leaves the demo borrower alone', async () => {
    const made = await s.inject({
      method: 'POST',
      url: '/__test/users',
      payload: { phone: '0755000111' },
    });
    expect(made.statusCode).toBe(200);
    const b = made.json().data as { userId: string; sessionId: string; phone: string };
    expect(b.phone).toBe('0755000111');
    const qs = `userId=${b.userId}&sessionId=${b.sessionId}`;
    expectSuccess(
      'sendSmsCodeNew',
      await s.call('sendSmsCodeNew', { phone: b.phone, type: 'del' }, { qs }),
    );
    const code = await smsCode(s, b.phone);
    expect(code).toMatch(/^[0-9]{4}$/);
    expectSuccess('userDelete', await s.call('userDelete', { phone: b.phone, code }, { qs }));
    expect((await s.call('sendSmsCodeNew', { phone: b.phone, type: 'del' }, { qs })).status).toBe(
      401,
    );
    // The seeded borrower's session is untouched.
    expectSuccess(
      'repaymentCodeInfo',
      await s.call('repaymentCodeInfo', { orderId: 'O180D', productId: 'P002' }),
    );
  });

  it('refuses a phone that is not 9 to 15 digits', async () => {
    const res = await s.inject({
      method: 'POST',
      url: '/__test/users',
      payload: { phone: '12ab' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('/__test/reset', () => {
  it('brings back the demo data: the deleted demo borrower can call the API again', async () => {
    // The demo borrower has open loans, so the API refuses to delete it: delete it in the database.
    await s.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', '10001')
      .execute();
    await s.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', '10001')
      .execute();
    expect(
      (await s.call('repaymentCodeInfo', { orderId: 'O180D', productId: 'P002' })).status,
    ).toBe(401);
    const reset = await s.inject({ method: 'POST', url: '/__test/reset' });
    expect(reset.statusCode).toBe(200);
    expectSuccess(
      'repaymentCodeInfo',
      await s.call('repaymentCodeInfo', { orderId: 'O180D', productId: 'P002' }),
    );
  });

  it('keeps the repayToken key, in memory and stored (a restart after a reset keeps tokens valid)', async () => {
    const way = () =>
      s.call('repaymentWay', {}, { qs: 'userId=10001&sessionId=demo-session&orderId=O170' });
    const before = (expectSuccess('repaymentWay', await way()) as { repayToken: string })
      .repayToken;
    const stored = await s.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'secret')
      .executeTakeFirstOrThrow();
    expect((await s.inject({ method: 'POST', url: '/__test/reset' })).statusCode).toBe(200);
    expect((expectSuccess('repaymentWay', await way()) as { repayToken: string }).repayToken).toBe(
      before,
    );
    const after = await s.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'secret')
      .executeTakeFirstOrThrow();
    expect(after.value).toEqual(stored.value);
  });
});
