/**
 * "the numbers and states the borrower sees": the view models of the loan details,
 * deferral detail, generate-vcode notice and repayment-code screens, on the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, OTHER, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

interface Line {
  text: string;
  value: string;
}

async function details(orderId: string) {
  return expectSuccess('loanDetails', await s.call('loanDetails', { orderId })) as {
    userOrderDetail: { detail: Line[] };
    reyMsg: string;
    repayAmount: number;
  };
}

const line = (lines: Line[], text: string) => lines.find((l) => l.text === text)?.value;

describe('loan details: the amount due is what is due now, not the whole balance', () => {
  it('O174N (one of two unpaid installments due today) is due TZS 165.000,00 of 330.000,00', async () => {
    const d = await details('O174N');
    expect(line(d.userOrderDetail.detail, 'Amount due')).toBe('TZS 165.000,00');
    expect(line(d.userOrderDetail.detail, 'Outstanding balance')).toBe('TZS 330.000,00');
    expect(d.reyMsg).toBe('Please repay TZS 165.000,00.');
    expect(d.repayAmount).toBe(33_000_000);
  });

  it('O170 (nothing due yet) is due the current period: TZS 110.000,00 of 220.000,00', async () => {
    const d = await details('O170');
    expect(line(d.userOrderDetail.detail, 'Amount due')).toBe('TZS 110.000,00');
    expect(line(d.userOrderDetail.detail, 'Outstanding balance')).toBe('TZS 220.000,00');
    expect(d.reyMsg).toBe('Please repay TZS 110.000,00.');
  });

  it('O180D (one overdue installment, one later) is due the overdue one only', async () => {
    const d = await details('O180D');
    expect(line(d.userOrderDetail.detail, 'Amount due')).toBe('TZS 220.000,00');
    expect(line(d.userOrderDetail.detail, 'Outstanding balance')).toBe('TZS 440.000,00');
  });

  it('a single-payment loan shows one amount (no separate balance line)', async () => {
    const d = await details('O174D');
    expect(line(d.userOrderDetail.detail, 'Amount due')).toBe('TZS 220.000,00');
    expect(line(d.userOrderDetail.detail, 'Outstanding balance')).toBeUndefined();
  });
});

describe('deferral detail: one source for the fee', () => {
  it('O170 cannot be deferred: no fee line, no new due date, a reason instead', async () => {
    const d = expectSuccess(
      'delayDetail',
      await s.call('delayDetail', { orderId: 'O170', productId: 'P002' }),
    ) as {
      detail: Line[];
      repayDetail: Line[];
      delayShouldPayAmount: number;
      remind: string;
    };
    expect(d.delayShouldPayAmount).toBe(0);
    expect(d.detail.map((l) => l.text)).not.toContain('Deferral fee');
    expect(d.repayDetail).toEqual([]);
    expect(d.remind).toMatch(/cannot be deferred/);
  });

  it('O174D can: the header amount and the fee line are the same fee', async () => {
    const d = expectSuccess(
      'delayDetail',
      await s.call('delayDetail', { orderId: 'O174D', productId: 'P001' }),
    ) as {
      detail: Line[];
      repayDetail: Line[];
      delayShouldPayAmount: number;
    };
    expect(d.delayShouldPayAmount).toBe(1_000_000);
    expect(line(d.detail, 'Deferral fee')).toBe('TZS 10.000,00');
    expect(line(d.repayDetail, 'New due date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('currency flag (spec section 1: 1 rupee, otherwise peso)', () => {
  it("repayment-code info and loan-confirm detail send flag 0; the confirm screen's label is currencySymbol", async () => {
    const info = expectSuccess(
      'repaymentCodeInfo',
      await s.call('repaymentCodeInfo', { orderId: 'O174D' }),
    ) as { currencyFlag: number };
    expect(info.currencyFlag).toBe(0);
    const confirm = expectSuccess(
      'loanConfirmDetail',
      await s.call('loanConfirmDetail', { productId: 'P001' }),
    ) as { currencyFlag: number; currencySymbol: string };
    expect(confirm).toMatchObject({ currencyFlag: 0, currencySymbol: 'TZS' });
  });
});

describe('generate-vcode notice', () => {
  const body = {
    product_id: 'P001',
    orderId: 'O174D',
    amount: 100_000,
    bankCode: '90006',
    isDelay: 0,
  };

  const tradesOf = (orderId: string) =>
    s.db
      .selectFrom('trades')
      .select(['trade_no', 'card_no', 'bank_code'])
      .where('order_id', '=', orderId)
      .execute();

  // Nothing is recorded, no trade number is made, the reason is clear.
  it('no account number and no bound wallet (a bank account is bound): 400 with a reason, no TradeNo, nothing recorded', async () => {
    const before = (await tradesOf(OTHER.orderId)).length;
    const res = await s.call(
      'generateVcode',
      { ...body, product_id: 'P001', orderId: OTHER.orderId, amount: 100_000, cardNo: '' },
      { qs: `userId=${OTHER.userId}&sessionId=${OTHER.sessionId}` },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter your wallet account number. No payment request was sent.');
    expect(JSON.stringify(res.body)).not.toMatch(/tradeNo/i);
    expect(await tradesOf(OTHER.orderId)).toHaveLength(before);
  });

  it('no account number and a bound wallet: the request goes to the bound wallet (its number and type)', async () => {
    const res = await s.call('generateVcode', { ...body, cardNo: '', bankCode: '' });
    const d = expectSuccess('generateVcode', res) as { tradeNo: string };
    const trade = (await tradesOf('O174D')).find((t) => t.trade_no === d.tradeNo);
    expect(trade).toEqual({ trade_no: d.tradeNo, card_no: '0712345678', bank_code: '90006' });
  });

  it('with an account number the request is sent to the wallet', async () => {
    const d = expectSuccess(
      'generateVcode',
      await s.call('generateVcode', { ...body, cardNo: '0712345678' }),
    ) as { notice: string };
    expect(d.notice).toBe(
      'A payment request of TZS 1.000,00 was sent to your wallet. Approve it with your PIN, then keep the trade number as proof.',
    );
  });
});

describe('installment plan: an installment is overdue from the market day after its due day', () => {
  const plan = async (orderId: string) =>
    (
      expectSuccess(
        'installmentPlan',
        await s.call('installmentPlan', { productId: 'P002', orderId }),
      ) as {
        repayPlanDetail: {
          repayWaitDetail: { periodNo: number; periodStatus: number; statusText: string }[];
        };
      }
    ).repayPlanDetail.repayWaitDetail;

  it('O174N: the installment due today says "Due today" (status 0), not "Overdue"', async () => {
    const [today, later] = await plan('O174N');
    expect(today).toMatchObject({ periodStatus: 0, statusText: 'Due today' });
    expect(later).toMatchObject({ periodStatus: 0, statusText: 'Pending' });
  });

  it('O180D: the installment due before today is overdue (status 2)', async () => {
    const [first] = await plan('O180D');
    expect(first).toMatchObject({ periodStatus: 2, statusText: 'Overdue' });
  });
});
