/**
 * Edges of the repayment layouts, with responses shaped as the spec allows (numbers as
 * strings, optional fields absent) and repaymentInfo kept on the device by the previous screen.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ok, renderLayout } from '../support/renderLayout';
import code from '../../layouts/repayment-of-code.json';
import delay from '../../layouts/repay-delay.json';
import choose from '../../layouts/repay-choose.json';

const QUERY = { userId: '10001', sessionId: 's1', orderId: 'O1', productId: 'P9' };
const byId = (c: HTMLElement, id: string) => c.querySelector(`[data-node-id="${id}"]`)?.textContent;

/** repayment-code info as a backend may send it: repayAmount given, no delayInfo. */
const CODE_INFO = {
  type: 1,
  repayAmount: 16_500_000,
  currencyFlag: 2,
  payCode: 'KP1',
  channelImage: '',
  qrContent: 'x',
  defDetail: { logo: '', payCode: 'KP1', payNotice: {} },
};

describe('/repaymentOfCode amount', () => {
  it('shows repayAmount when delayInfo is absent, with the peso sign of flag 2 (spec 1: not 1 is peso)', async () => {
    const { container } = await renderLayout(code, {
      query: QUERY,
      responses: { repaymentCodeInfo: ok(CODE_INFO) },
    });
    await screen.findByText('Pay with this code');
    expect(byId(container, 'amount')).toBe('₱ 165.000,00');
  });

  it('prefers the repaymentInfo kept for this order; one kept for another order is ignored', async () => {
    const kept = await renderLayout(code, {
      query: QUERY,
      local: { repaymentInfo: { orderId: 'O1', repayAmount: 1_234_567 } },
      responses: { repaymentCodeInfo: ok(CODE_INFO) },
    });
    await screen.findByText('Pay with this code');
    expect(byId(kept.container, 'amount')).toBe('₱ 12.345,67');
    kept.unmount();
    const other = await renderLayout(code, {
      query: QUERY,
      local: { repaymentInfo: { orderId: 'O2', repayAmount: 1_234_567 } },
      responses: { repaymentCodeInfo: ok(CODE_INFO) },
    });
    await screen.findByText('Pay with this code');
    expect(byId(other.container, 'amount')).toBe('₱ 165.000,00');
  });

  it('a kept deferral amount (no repayAmount) is the total', async () => {
    const { container } = await renderLayout(code, {
      query: QUERY,
      local: { repaymentInfo: { orderId: 'O1', delayInfo: { delayAmount: 1_000_000 } } },
      responses: { repaymentCodeInfo: ok(CODE_INFO) },
    });
    await screen.findByText('Pay with this code');
    expect(byId(container, 'amount')).toBe('₱ 10.000,00');
  });
});

describe('/repayDelay on an order that cannot be deferred', () => {
  const NOT_DEFERRABLE = {
    bankCardInfo: { bankName: 'M-Pesa', bankNode: '', cardNo: '' },
    remind: '',
    bankList: [{ name: 'M-Pesa', type: '90006' }],
    detail: [{ text: 'Deferral fee', value: 'TZS 15.000,00' }],
    repayDetail: [{ text: 'New due date', value: '2026-12-08' }],
    delayShouldPayAmount: '0',
    showSubmitUtr: 1,
  };

  it('says so, offers no fee or new due date, and gives the reason beside the disabled Pay Now', async () => {
    const { user, recorded } = await renderLayout(delay, {
      query: QUERY,
      responses: { delayDetail: ok(NOT_DEFERRABLE) },
    });
    await screen.findByText('Deferral not available');
    expect(screen.queryByText('TZS 15.000,00')).toBeNull();
    expect(screen.queryByText('New due date')).toBeNull();
    screen.getByText('Pay Now is unavailable: this order cannot be deferred.');
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Go to Repayment' }));
    expect(recorded.navigations.at(-1)?.path).toMatch(/^\/repay\?.*orderId=O1/);
  });
});

describe('/repayChoose without an amount in repayment-way', () => {
  const WAY = {
    alipay: 0,
    repayToken: 'tok',
    bankCards: [{ id: 'c1', bankName: 'CRDB', cardNo: '**** 1234', bankCode: 'CRDB' }],
  };

  it('takes the amount kept for this order and commits it in cents', async () => {
    const { user, container, recorded } = await renderLayout(choose, {
      query: QUERY,
      local: { repaymentInfo: { orderId: 'O1', repayAmount: 16_500_000 } },
      responses: {
        repaymentWay: ok(WAY),
        repaymentCommit: ok({ needValid: 0, repayRecordId: 'R1' }),
      },
    });
    await screen.findByText('CRDB **** 1234');
    expect(byId(container, 'amount')).toBe('TZS 165.000,00');
    await user.click(screen.getByText('CRDB **** 1234'));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls.find((c) => c.endpoint === 'repaymentCommit')?.params).toMatchObject({
      amount: 16_500_000,
      cardId: 'c1',
    });
  });

  it('otherwise asks loan details for the amount due', async () => {
    const { container } = await renderLayout(choose, {
      query: QUERY,
      responses: { repaymentWay: ok(WAY), loanDetails: ok({ repayAmount: '33000000' }) },
    });
    await screen.findByText('CRDB **** 1234');
    await screen.findByText('TZS 330.000,00');
    expect(byId(container, 'payNowReason')).toBeUndefined();
  });

  it('with no amount anywhere, Pay Now is disabled with a reason and no commit is sent', async () => {
    const { user, recorded } = await renderLayout(choose, {
      query: QUERY,
      responses: { repaymentWay: ok(WAY), loanDetails: ok({ repayAmount: 0 }) },
    });
    await screen.findByText(
      'Pay Now is unavailable until the amount due is known. Please go back and open this page again.',
    );
    const pay = screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    await user.click(screen.getByText('CRDB **** 1234'));
    await user.click(pay);
    expect(recorded.calls.map((c) => c.endpoint)).not.toContain('repaymentCommit');
  });
});
