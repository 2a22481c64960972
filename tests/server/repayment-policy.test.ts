/**
 * The server, not the page URL's sendMsg, decides whether a card repayment needs
 * an SMS code: the card's sms_required, or an amount at or above settings.repaySms.minAmount.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectSuccess, fakeClock, smsCode, startServer, USER, type TestServer } from './helpers';
import { repayKit } from './repayment-kit';

let s: TestServer;
const clock = fakeClock();
const k = repayKit(() => s);
beforeAll(async () => {
  s = await startServer({ now: clock.now });
});
afterAll(async () => {
  await s.close();
});
// Each code sent needs the per-phone minute to pass.
beforeEach(() => {
  clock.advance(61_000);
});

type Commit = { needValid: number; repayRecordId: string };
let n = 0;
const key = () => `policy-key-${String(++n).padStart(4, '0')}`;

describe('needValid is decided by the server', () => {
  it('a card that requires a code gets one even when the client sends sendMsg=0', async () => {
    const res = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O170', key: key(), amount: 100_000, cardId: 'CARD1', sendMsg: 0 }),
    ) as Commit;
    expect(res.needValid).toBe(1);
    const rec = (await k.rows('O170')).find((r) => r.id === res.repayRecordId);
    expect(rec?.status).toBe('pending');
    expect((await k.ledger('O170')).booked).toBe(0);
    await k.cancel('O170', res.repayRecordId);
  });

  it('the same card without sendMsg at all still needs the code', async () => {
    const res = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O170', key: key(), amount: 100_000, cardId: 'CARD1' }),
    ) as Commit;
    expect(res.needValid).toBe(1);
    const code = await smsCode(s, USER.phone);
    expectSuccess('repaymentConfirm', await k.confirm('O170', res.repayRecordId, code));
  });

  it('a wallet that requires no code books at once below the threshold, whatever sendMsg says', async () => {
    const res = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O170', key: key(), amount: 200_000, cardId: 'CARD2', sendMsg: 1 }),
    ) as Commit;
    expect(res.needValid).toBe(0);
    expect((await k.rows('O170')).find((r) => r.id === res.repayRecordId)?.status).toBe('success');
  });

  it('an amount at or above settings.repaySms.minAmount needs a code on any card', async () => {
    await s.db
      .insertInto('settings')
      .values({ key: 'repaySms', value: JSON.stringify({ minAmount: 1_000_000 }) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify({ minAmount: 1_000_000 }) }),
      )
      .execute();
    const below = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O170', key: key(), amount: 999_999, cardId: 'CARD2', sendMsg: 0 }),
    ) as Commit;
    expect(below.needValid).toBe(0);
    const at = expectSuccess(
      'repaymentCommit',
      await k.commit({
        orderId: 'O170',
        key: key(),
        amount: 1_000_000,
        cardId: 'CARD2',
        sendMsg: 0,
      }),
    ) as Commit;
    expect(at.needValid).toBe(1);
    await k.cancel('O170', at.repayRecordId);
  });

  it('without the setting the threshold is TZS 500.000,00 (50,000,000 cents)', async () => {
    await s.db.deleteFrom('settings').where('key', '=', 'repaySms').execute();
    // Make O180D owe more than the threshold (an extra installment) so the amount can reach it.
    await s.db
      .insertInto('installments')
      .values({
        order_id: 'O180D',
        period_no: 9,
        total_amount: 20_000_000,
        due_time: new Date(),
        paid_at: null,
      })
      .execute();
    const at = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O180D', key: key(), amount: 50_000_000, cardId: 'CARD2' }),
    ) as Commit;
    expect(at.needValid).toBe(1);
    expectSuccess('repaymentCancel', await k.cancel('O180D', at.repayRecordId));
    const below = expectSuccess(
      'repaymentCommit',
      await k.commit({ orderId: 'O180D', key: key(), amount: 49_999_999, cardId: 'CARD2' }),
    ) as Commit;
    expect(below.needValid).toBe(0);
    expect((await k.ledger('O180D')).due).toBe(64_000_000 - 49_999_999);
  });

  it('the seeded threshold is 50,000,000 cents and the demo cards carry their flag', async () => {
    const fresh = await startServer();
    try {
      const row = await fresh.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'repaySms')
        .executeTakeFirst();
      expect(row?.value).toEqual({ minAmount: 50_000_000 });
      const cards = await fresh.db
        .selectFrom('cards')
        .select(['id', 'sms_required'])
        .orderBy('id')
        .execute();
      expect(cards).toEqual([
        { id: 'CARD1', sms_required: 1 },
        { id: 'CARD2', sms_required: 0 },
        { id: 'CARD3', sms_required: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('bind bank stores bank accounts as needing a code and wallets as not', async () => {
    expectSuccess(
      'saveBankInfo',
      await s.call('saveBankInfo', {
        product_id: 'P001',
        cardType: 1,
        channelNumber: '90007',
        fields: { walletPhone: '0799000111', holderName: 'Amina Juma' },
      }),
    );
    expectSuccess(
      'cardChange',
      await s.call('cardChange', {
        product_id: 'P001',
        cardType: 2,
        fields: { bankName: 'NBC', cardNo: '555566667777', holderName: 'Amina Juma' },
      }),
    );
    const wallet = await s.db
      .selectFrom('cards')
      .select('sms_required')
      .where('card_no', '=', '0799000111')
      .executeTakeFirstOrThrow();
    const bank = await s.db
      .selectFrom('cards')
      .select('sms_required')
      .where('card_no', '=', '555566667777')
      .executeTakeFirstOrThrow();
    expect(wallet.sms_required).toBe(0);
    expect(bank.sms_required).toBe(1);
  });
});
