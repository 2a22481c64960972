/**
 * The installment and rollover layouts rendered from their JSON through the generic renderer,
 * with a fake host: selection, totals, the edited amount and the pay flow as requests and
 * navigations (the browser tests repeat this against the real server).
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ok, renderLayout, serverError } from '../support/renderLayout';
import repay from '../../layouts/repay.json';
import repayDelay from '../../layouts/repay-delay.json';

const QUERY = { userId: '10001', sessionId: 's1', orderId: 'O1', productId: 'P9' };

const installment = (periodNo: number, totalAmount: number, first: boolean) => ({
  periodNo,
  totalAmount,
  displayAmount: '',
  canClick: first ? 1 : 0,
  check: first ? 1 : 0,
  periodStatus: 0,
  dueTime: '2026-12-01T00:00:00.000Z',
  statusText: 'Pending',
});

const plan = {
  bankCardInfo: { bankName: 'M-Pesa', bankNode: '', cardNo: '**** 5678' },
  bankList: [
    { name: 'M-Pesa', type: '90006' },
    { name: 'Tigo Pesa', type: '90007' },
  ],
  amountMax: 8888893,
  amountMin: 100,
  productName: 'Haraka Loan',
  repayPlanDetail: {
    repayWaitCount: 3,
    repayWaitDetail: [
      installment(2, 1234567, true),
      installment(3, 7654321, false),
      installment(4, 5, false),
    ],
    repayYetDetail: [{ ...installment(1, 1000000, false), periodStatus: 1, statusText: 'Paid' }],
  },
  note: 'Repay on time.',
  telephone: '+255 755 000 111',
  showSubmitUtr: 1,
};

const notice = {
  repayType: 'NOTICE',
  payUrl: '',
  notice: 'Approve the request on your phone.',
  tradeNo: 'T12345',
};

const byId = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-node-id="${id}"]`)?.textContent;

describe('layouts/repay.json', () => {
  it('selects only the first pending installment; select all toggles to all; the total is the sum (cents shown 12.345,67)', async () => {
    const { user, container, recorded } = await renderLayout(repay, {
      query: QUERY,
      responses: { installmentPlan: ok(plan), generateVcode: ok(notice) },
    });
    expect(recorded.calls[0]).toMatchObject({
      endpoint: 'installmentPlan',
      params: { productId: 'P9', orderId: 'O1' },
    });
    expect(byId(container, 'amountValue')).toBe('12.345,67');
    expect(byId(container, 'total')).toBe('Total: TZS 12.345,67');
    const period3 = screen.getByRole('checkbox', { name: 'Period 3' }) as HTMLInputElement;
    expect((screen.getByRole('checkbox', { name: 'Period 2' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(period3.checked).toBe(false);
    expect(period3.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(byId(container, 'total')).toBe('Total: TZS 88.888,93');
    expect(period3.checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(byId(container, 'total')).toBe('Total: TZS 12.345,67');

    await user.click(screen.getByRole('tab', { name: 'Another number' }));
    await user.type(screen.getByLabelText('Account number'), '07');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[1]).toMatchObject({
      endpoint: 'generateVcode',
      params: {
        product_id: 'P9',
        orderId: 'O1',
        amount: 1234567,
        cardNo: '07',
        bankCode: '90006',
        isDelay: 0,
      },
    });
    const dialog = screen.getByRole('dialog', { name: 'Repayment reminder' });
    within(dialog).getByText('Approve the request on your phone.');
    within(dialog).getByText('TradeNo: T12345');
  }, 15_000); // many taps: over 5 s on a loaded two-core machine

  it('Pay Now without an account number sends nothing and the field says why', async () => {
    const { user, recorded } = await renderLayout(repay, {
      query: QUERY,
      responses: { installmentPlan: ok(plan), generateVcode: ok(notice) },
    });
    // The bound wallet is offered first; this borrower pays from a number they type.
    await user.click(screen.getByRole('tab', { name: 'Another number' }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls.map((c) => c.endpoint)).toEqual(['installmentPlan']);
    expect(screen.getByLabelText('Account number').getAttribute('aria-invalid')).toBe('true');
    screen.getByText('Enter the wallet account number.');
    await user.type(screen.getByLabelText('Account number'), '07');
    expect(screen.queryByText('Enter the wallet account number.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[1]).toMatchObject({
      endpoint: 'generateVcode',
      params: { cardNo: '07' },
    });
  });

  it('the bound wallet is the first choice: no number field beside it; Pay Now sends its wallet type and no number', async () => {
    const { user, recorded } = await renderLayout(repay, {
      query: QUERY,
      responses: { installmentPlan: ok(plan), generateVcode: ok(notice) },
    });
    const bound = screen.getByRole('tab', { name: 'Bound account M-Pesa **** 5678' });
    expect(bound.getAttribute('aria-selected')).toBe('true');
    screen.getByText('The payment request goes to your bound account M-Pesa **** 5678.');
    expect(screen.queryByLabelText('Account number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[1]).toMatchObject({
      endpoint: 'generateVcode',
      params: { cardNo: '', bankCode: '90006' },
    });
  });

  it('Modify amount: money units with cents, capped at amountMax to the cent, sent in cents; the range is the placeholder', async () => {
    const { user, recorded, container } = await renderLayout(repay, {
      query: QUERY,
      responses: { installmentPlan: ok(plan), generateVcode: ok(notice) },
    });
    await user.click(screen.getByRole('tab', { name: 'Another number' }));
    await user.type(screen.getByLabelText('Account number'), '07');
    await user.click(screen.getByRole('button', { name: 'Modify amount' }));
    const field = screen.getByLabelText('Repayment amount (TZS)') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('1,00 - 88.888,93');
    // The label once (the field's own), the total follows the typed amount.
    expect(screen.queryAllByText(/^Repayment amount/)).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.type(field, '9x99999');
    expect(field.value).toBe('88888,93');
    expect(byId(container, 'total')).toBe('Total: TZS 88.888,93');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[1]?.params).toMatchObject({ amount: 8888893, isDelay: 0 });
    await user.clear(field);
    await user.type(field, '120,5');
    expect(byId(container, 'total')).toBe('Total: TZS 120,50');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[2]?.params).toMatchObject({ amount: 12050, isDelay: 0 });
    // And back to the installment amount: the field goes, the checked installment's total returns and is what Pay Now sends.
    await user.click(screen.getByRole('button', { name: 'Use the installment amount' }));
    expect(screen.queryByLabelText('Repayment amount (TZS)')).toBeNull();
    expect(byId(container, 'amountValue')).toBe('12.345,67');
    expect(byId(container, 'total')).toBe('Total: TZS 12.345,67');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[3]?.params).toMatchObject({ amount: 1234567, isDelay: 0 });
  });

  it('PAY_URL leaves for the payUrl after the allowlist check; a failed call is toasted', async () => {
    let answer = ok({
      repayType: 'PAY_URL',
      payUrl: 'https://pay.kopa.example/checkout?tradeNo=T1',
      notice: '',
      tradeNo: 'T1',
    });
    const { user, recorded } = await renderLayout(repay, {
      query: QUERY,
      responses: { installmentPlan: ok(plan), generateVcode: () => answer },
    });
    await user.click(screen.getByRole('tab', { name: 'Another number' }));
    await user.type(screen.getByLabelText('Account number'), '07');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.leaves).toEqual(['https://pay.kopa.example/checkout?tradeNo=T1']);

    answer = serverError('This order has nothing to repay.');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.toasts.at(-1)?.message).toBe('This order has nothing to repay.');
    expect(screen.queryByRole('dialog', { name: 'Repayment reminder' })).toBeNull();
  });

  it("shows the server's telephone instead of the configured one", async () => {
    const { container } = await renderLayout(repay, {
      query: QUERY,
      responses: { installmentPlan: ok(plan) },
    });
    expect(byId(container, 'servicePhone')).toBe('Service phone: +255 755 000 111');
  });
});

describe('layouts/repay-delay.json', () => {
  const delay = {
    bankCardInfo: { bankName: '', bankNode: '', cardNo: '' },
    remind: 'Your due date moves by 7 days.',
    bankList: [{ name: 'M-Pesa', type: '90006' }],
    detail: [{ text: 'Deferral fee', value: 'TZS 12.345,67' }],
    repayDetail: [{ text: 'New due date', value: '2026-12-08' }],
    delayShouldPayAmount: 1234567,
    showSubmitUtr: 1,
  };

  it('shows the fee and lines, falls back to the configured phone, and pays the fee with isDelay 1', async () => {
    const { user, container, recorded } = await renderLayout(repayDelay, {
      query: QUERY,
      responses: { delayDetail: ok(delay), generateVcode: ok(notice) },
    });
    expect(recorded.calls[0]).toMatchObject({
      endpoint: 'delayDetail',
      params: { productId: 'P9', orderId: 'O1' },
    });
    expect(byId(container, 'feeValue')).toBe('12.345,67');
    expect(byId(container, 'rolloverAmount')).toBe('Rollover AmountTZS 12.345,67');
    expect(byId(container, 'feeDetail')).toBe('Deferral feeTZS 12.345,67');
    expect(byId(container, 'repayPlan')).toBe('New due date2026-12-08');
    expect(byId(container, 'remind')).toBe('Your due date moves by 7 days.');
    expect(byId(container, 'servicePhone')).toBe('Service phone: +255 700 000 000');

    await user.type(screen.getByLabelText('Account number'), '07-55 12a');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(recorded.calls[1]).toMatchObject({
      endpoint: 'generateVcode',
      params: {
        product_id: 'P9',
        orderId: 'O1',
        amount: 1234567,
        cardNo: '075512',
        bankCode: '90006',
        isDelay: 1,
      },
    });
    within(screen.getByRole('dialog', { name: 'Repayment reminder' })).getByText('TradeNo: T12345');
  });
});
