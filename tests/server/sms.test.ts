/** SECURITY.md 20-21: SMS limits, expiry, single use, 5 tries, purpose; deletion ends sessions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsService } from '../../server/domain/sms';
import { expectSuccess, fakeClock, smsCode, startServer, type TestServer } from './helpers';

let s: TestServer;
const clock = fakeClock();
// A borrower with no loans: the demo borrowers have open loans, so their deletion is refused.
const USER = { userId: '', sessionId: '', phone: '0755999000' };
beforeAll(async () => {
  s = await startServer({ now: clock.now });
  const made = await s.inject({
    method: 'POST',
    url: '/__test/users',
    payload: { phone: USER.phone },
  });
  Object.assign(USER, made.json().data);
});
afterAll(async () => {
  await s.close();
});

const qs = () => `userId=${USER.userId}&sessionId=${USER.sessionId}`;
const send = (type = 'del') => s.call('sendSmsCodeNew', { phone: USER.phone, type }, { qs: qs() });
const del = (code: string) => s.call('userDelete', { phone: USER.phone, code }, { qs: qs() });
const later = () => clock.advance(61 * 60_000); // clears both the minute and the hour windows
const other = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('SMS codes', () => {
  it('per phone: 1 a minute, 5 an hour, then 429 and no code issued', async () => {
    later();
    expectSuccess('sendSmsCodeNew', await send());
    const first = await smsCode(s, USER.phone);
    const again = await send();
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('429');
    expect(await smsCode(s, USER.phone)).toBe(first);
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000);
      expectSuccess('sendSmsCodeNew', await send());
    }
    clock.advance(61_000);
    expect((await send()).status).toBe(429); // 6th in the hour
  });

  it('per IP: many phones from one address hit the IP limit', async () => {
    later();
    let status = 200;
    for (let i = 0; i < 8 && status === 200; i++) {
      const { sid } = expectSuccess('getSid', await s.call('getSid', undefined, { qs: '' })) as {
        sid: string;
      };
      const text = (await s.inject({ method: 'GET', url: `/__test/captcha?sid=${sid}` })).json()
        .data.text as string;
      const res = await s.call(
        'getSms',
        { phone: `1391111000${i}`, capcode: text, sid },
        { qs: '' },
      );
      status = res.status;
    }
    expect(status).toBe(429);
  });

  it('a code expires after 10 minutes', async () => {
    later();
    expectSuccess('sendSmsCodeNew', await send());
    const code = await smsCode(s, USER.phone);
    clock.advance(10 * 60_000 + 1000);
    expect((await del(code)).body.code).toBe('1002');
  });

  it('five wrong tries kill the code', async () => {
    later();
    expectSuccess('sendSmsCodeNew', await send());
    const code = await smsCode(s, USER.phone);
    for (let i = 0; i < 5; i++) expect((await del(other(code))).body.code).toBe('1002');
    expect((await del(code)).body.code).toBe('1002');
  });

  it('a code for another purpose (login) is refused for deletion', async () => {
    later();
    expectSuccess('sendSmsCodeNew', await send('login'));
    const code = await smsCode(s, USER.phone);
    expect(code).toMatch(/^\d{6}$/);
    expect((await del(code.slice(0, 4))).body.code).toBe('1002');
  });

  it("a phone that is not the account's is refused", async () => {
    later();
    const res = await s.call('sendSmsCodeNew', { phone: '0799999999', type: 'del' }, { qs: qs() });
    expect(res.body.code).toBe('1001');
  });
});

describe('registration codes (spec section 8)', () => {
  async function captcha() {
    const { sid } = expectSuccess('getSid', await s.call('getSid', undefined, { qs: '' })) as {
      sid: string;
    };
    await s.inject({ method: 'GET', url: `/vexed/api/v2/kopa/promotion/get-captcha?sid=${sid}` });
    const text = (await s.inject({ method: 'GET', url: `/__test/captcha?sid=${sid}` })).json().data
      .text as string;
    return { sid, text };
  }

  it('get-sms: 101 wrong captcha, 11 already registered, 0 sent; register: -1, 11, 0; code single use', async () => {
    later();
    // One captcha, one use: each answer below needs its own image.
    const wrong = await captcha();
    expect(
      (
        await s.call(
          'getSms',
          {
            phone: '13700000001',
            capcode: wrong.text === 'ZZZZ' ? 'YYYY' : 'ZZZZ',
            sid: wrong.sid,
          },
          { qs: '' },
        )
      ).body.code,
    ).toBe('101');
    const known = await captcha();
    expect(
      (
        await s.call(
          'getSms',
          { phone: '13800138000', capcode: known.text, sid: known.sid },
          { qs: '' },
        )
      ).body.code,
    ).toBe('11');
    const c = await captcha();
    expectSuccess(
      'getSms',
      await s.call(
        'getSms',
        { phone: '13700000001', capcode: c.text.toLowerCase(), sid: c.sid },
        { qs: '' },
      ),
    );
    const code = await smsCode(s, '13700000001');
    const reg = (over: Record<string, string>) =>
      s.call(
        'register',
        { phone: '13700000001', capcode: c.text, sid: c.sid, smsCode: code, ...over },
        { qs: '' },
      );
    expect((await reg({ capcode: c.text === 'ZZZZ' ? 'YYYY' : 'ZZZZ' })).body.code).toBe('-1');
    const fresh = await captcha();
    expect(
      (await reg({ phone: '13800138000', sid: fresh.sid, capcode: fresh.text })).body.code,
    ).toBe('11');
    expect((await reg({ smsCode: code === '000000' ? '111111' : '000000' })).body.code).toBe('102');
    expectSuccess('register', await reg({}));
    expect((await reg({})).body.code).not.toBe(0); // captcha used, phone registered, code used
  });

  it('bad phone format -> 400', async () => {
    const c = await captcha();
    expect(
      (await s.call('getSms', { phone: '0712345678', capcode: c.text, sid: c.sid }, { qs: '' }))
        .status,
    ).toBe(400);
  });
});

describe('account deletion', () => {
  it('ends every session of the user; old sessions then get 401', async () => {
    await s.db
      .insertInto('sessions')
      .values({ id: 'second-device', user_id: USER.userId, revoked_at: null })
      .execute();
    later();
    expectSuccess('sendSmsCodeNew', await send());
    const code = await smsCode(s, USER.phone);
    const res = expectSuccess('userDelete', await del(code)) as { deleted: boolean };
    expect(res.deleted).toBe(true);
    for (const sessionId of [USER.sessionId, 'second-device']) {
      const after = await s.call(
        'problemList',
        {},
        { qs: `userId=${USER.userId}&sessionId=${sessionId}` },
      );
      expect(after.status).toBe(401);
    }
    expect((await del(code)).status).toBe(401);
  });
});

describe('SMS outbox (plaintext codes in memory)', () => {
  const limits = { phonePerMinute: 100, phonePerHour: 100, ipPerMinute: 100, ipPerHour: 100 };

  it('is empty unless test mode or a development logger asks for it', async () => {
    const prod = new SmsService({ db: s.db, now: clock.now, limits });
    await prod.issue('15500000001', 'login', '10.9.0.1', 6);
    expect(prod.latest('15500000001')).toBeUndefined();
    const logged: string[] = [];
    const dev = new SmsService({
      db: s.db,
      now: clock.now,
      limits,
      onSend: (e) => logged.push(e.code),
    });
    await dev.issue('15500000002', 'login', '10.9.0.2', 6);
    expect(dev.latest('15500000002')?.code).toBe(logged[0]);
    const test = new SmsService({ db: s.db, now: clock.now, limits, outbox: true });
    await test.issue('15500000003', 'login', '10.9.0.3', 6);
    expect(test.latest('15500000003')?.code).toMatch(/^\d{6}$/);
  });

  it('keeps at most outboxLimit phones, dropping the oldest', async () => {
    const sms = new SmsService({ db: s.db, now: clock.now, limits, outbox: true, outboxLimit: 2 });
    for (const phone of ['15600000001', '15600000002', '15600000003'])
      await sms.issue(phone, 'login', '10.9.1.1', 6);
    expect(sms.latest('15600000001')).toBeUndefined();
    expect(sms.latest('15600000002')).toBeDefined();
    expect(sms.latest('15600000003')).toBeDefined();
  });
});
