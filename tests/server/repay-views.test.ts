/**
 * Issue 13, "the numbers and states the borrower sees": the view models of the loan details,
 * deferral detail, generate-vcode notice and repayment-code screens, on the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSuccess, startServer, type TestServer } from './helpers';

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

  // Issue 33 item 5b: nothing is recorded, no trade number is made, the reason is clear.
  it.each([
    ['NOTICE', 'O174D', 'P001'],
    ['PAY_URL', 'O170', 'P002'],
  ])(
    '%s: with no account number it is refused with 400 and a reason, no TradeNo, nothing recorded',
    async (_mode, orderId, productId) => {
      const trades = async () =>
        (
          await s.db
            .selectFrom('trades')
            .select('trade_no')
            .where('order_id', '=', orderId)
            .execute()
        ).length;
      const before = await trades();
      const res = await s.call('generateVcode', {
        ...body,
        product_id: productId,
        orderId,
        cardNo: '',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'Enter your wallet account number. No payment request was sent.',
      );
      expect(JSON.stringify(res.body)).not.toMatch(/tradeNo/i);
      expect(await trades()).toBe(before);
    },
  );

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
