/** One captcha, one use; wrong tries survive a refresh; registration still works. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, fakeClock, smsCode, startServer, type TestServer } from './helpers';

const clock = fakeClock();
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ now: clock.now, smsLimits: { ipPerMinute: 100, ipPerHour: 100 } });
});
afterAll(async () => {
  await s.close();
});

const CAPTCHA = '/vexed/api/v2/kopa/promotion/get-captcha';
async function newSid(): Promise<string> {
  return (expectSuccess('getSid', await s.call('getSid', undefined, { qs: '' })) as { sid: string })
    .sid;
}
async function refresh(sid: string) {
  return s.inject({ method: 'GET', url: `${CAPTCHA}?sid=${sid}` });
}
async function text(sid: string): Promise<string> {
  return (await s.inject({ method: 'GET', url: `/__test/captcha?sid=${sid}` })).json().data
    .text as string;
}
const wrongOf = (t: string) => (t === 'AAAA' ? 'CCCC' : 'AAAA');
const getSms = (phone: string, sid: string, capcode: string) =>
  s.call('getSms', { phone, capcode, sid }, { qs: '' });

describe('captcha: one use per image', () => {
  it('a solved captcha serves one get-sms only (no phone enumeration)', async () => {
    const sid = await newSid();
    await refresh(sid);
    const t = await text(sid);
    expectSuccess('getSms', await getSms('13600000001', sid, t));
    for (const phone of ['13600000002', '13800138000', '13600000003']) {
      expect((await getSms(phone, sid, t)).body.code).toBe('101');
    }
  });

  it('a wrong answer spends the image: the right answer afterwards needs a new image', async () => {
    const sid = await newSid();
    await refresh(sid);
    const t = await text(sid);
    expect((await getSms('13600000011', sid, wrongOf(t))).body.code).toBe('101');
    expect((await getSms('13600000011', sid, t)).body.code).toBe('101');
    expect((await refresh(sid)).statusCode).toBe(200);
    expectSuccess('getSms', await getSms('13600000011', sid, await text(sid)));
  });

  it('refreshing the image does not reset the try counter: 5 wrong answers end the sid', async () => {
    const sid = await newSid();
    for (let i = 0; i < 5; i++) {
      expect((await refresh(sid)).statusCode).toBe(200);
      expect((await getSms('13600000021', sid, wrongOf(await text(sid)))).body.code).toBe('101');
    }
    const again = await refresh(sid);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/get-sid/);
    expect((await getSms('13600000021', sid, await text(sid))).body.code).toBe('101');
  });

  it('an already-registered phone costs a captcha too', async () => {
    const sid = await newSid();
    const t = await text(sid);
    expect((await getSms('13800138000', sid, t)).body.code).toBe('11');
    expect((await getSms('13800138001', sid, t)).body.code).toBe('101');
  });
});

describe('registration after get-sms', () => {
  it('register accepts the sid and captcha that got the code, for that phone only, until it succeeds', async () => {
    const sid = await newSid();
    const t = await text(sid);
    expectSuccess('getSms', await getSms('13600000031', sid, t));
    const code = await smsCode(s, '13600000031');
    const reg = (over: Record<string, string>) =>
      s.call(
        'register',
        { phone: '13600000031', capcode: t, sid, smsCode: code, ...over },
        { qs: '' },
      );
    expect((await reg({ smsCode: code === '000000' ? '111111' : '000000' })).body.code).toBe('102');
    expect((await reg({ phone: '13600000032' })).body.code).toBe('-1'); // bound to the phone that got the code
    expectSuccess('register', await reg({}));
    expect((await reg({})).body.code).toBe('-1');
  });

  it('register with a fresh captcha (refreshed after the code was sent) uses that captcha once', async () => {
    const first = await newSid();
    expectSuccess('getSms', await getSms('13600000041', first, await text(first)));
    const code = await smsCode(s, '13600000041');
    const sid = await newSid();
    const t = await text(sid);
    const reg = (smsCodeValue: string) =>
      s.call(
        'register',
        { phone: '13600000041', capcode: t, sid, smsCode: smsCodeValue },
        { qs: '' },
      );
    expect((await reg(code === '000000' ? '111111' : '000000')).body.code).toBe('102');
    expect((await reg(code)).body.code).toBe('-1'); // that captcha is spent
    await refresh(sid);
    expectSuccess(
      'register',
      await s.call(
        'register',
        { phone: '13600000041', capcode: await text(sid), sid, smsCode: code },
        { qs: '' },
      ),
    );
  });

  it('the grant for register expires with the captcha lifetime', async () => {
    const sid = await newSid();
    const t = await text(sid);
    expectSuccess('getSms', await getSms('13600000051', sid, t));
    const code = await smsCode(s, '13600000051');
    clock.advance(11 * 60_000);
    expect(
      (
        await s.call(
          'register',
          { phone: '13600000051', capcode: t, sid, smsCode: code },
          { qs: '' },
        )
      ).body.code,
    ).toBe('-1');
  });
});
