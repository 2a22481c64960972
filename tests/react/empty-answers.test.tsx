/**
 * Designed page states: every data screen whose answer may be empty or absent shows the
 * designed empty state (its catalogue text, the page header and its back kept, a way out) rather
 * than blank labels such as "Loan amount  Loan term  days". Each case feeds the screen's blocking
 * data source an empty answer (`data: {}`) through the layout file as the server serves it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderLayout } from '../support/renderLayout';

const read = (name: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../layouts/${name}.json`), 'utf8'),
  ) as Record<string, unknown>;

const NO_PLAN = { repayWaitCount: 0, repayWaitDetail: [], repayYetDetail: [] };
const CASES = [
  {
    layout: 'confirm',
    endpoint: 'loanConfirmDetail',
    data: { amount: 0, periods: 0, termUnit: 1, details: [], repay_plans: [] },
    query: { productId: 'P001' },
    title: 'Loan Confirmation',
    text: 'This loan offer is not available right now.',
    gone: ['Loan amount', 'Loan Now'],
  },
  {
    layout: 'confirm-legacy',
    endpoint: 'legacyConfirmDetail',
    data: { amount: 0, details: [], repay_plans: [] },
    query: { productId: 'P002' },
    title: 'Loan Confirmation',
    text: 'This loan offer is not available right now.',
    gone: ['Loan amount', 'First repayment date'],
  },
  {
    layout: 'loan-detail',
    endpoint: 'loanDetails',
    data: {},
    query: { orderId: 'O1', productId: 'P001' },
    title: 'Order Details',
    text: 'This order could not be found.',
    gone: ['Service phone:'],
  },
  {
    layout: 'repay',
    endpoint: 'installmentPlan',
    data: { bankList: [], bankCardInfo: { bankName: '', cardNo: '' }, repayPlanDetail: NO_PLAN },
    query: { orderId: 'O1', productId: 'P001' },
    title: 'Repayment Details',
    text: 'There is no repayment plan for this order.',
    gone: ['Repayment amount', 'Pay Now'],
  },
  {
    layout: 'repayment-of-code',
    endpoint: 'repaymentCodeInfo',
    data: { type: 1, payCode: '', qrContent: '', channelImage: '' },
    query: { orderId: 'O1', productId: 'P001' },
    title: 'Repayment',
    text: 'There is no repayment code for this order.',
    gone: ['Repayment amount', 'Pay code'],
  },
  {
    layout: 'repayment-of-code-2',
    endpoint: 'repaymentCodeInfo',
    data: {
      type: 1,
      payCode: '',
      qrContent: '',
      defDetail: { logo: '', payCode: '', payNotice: {} },
    },
    query: { orderId: 'O1', productId: 'P001' },
    title: 'Repayment',
    text: 'There is no repayment code for this order.',
    gone: ['Total payment', 'Payment instructions'],
  },
  {
    layout: 'bind-bank',
    endpoint: 'cardInit',
    data: { items: [] },
    query: { productId: 'P001' },
    title: 'Payment account information',
    text: 'No account details are needed right now.',
    gone: ['Next'],
  },
  {
    layout: 'complain-details',
    endpoint: 'problemDetail',
    data: { problemId: '7', type: 0, content: '' },
    query: { problemId: '7' },
    title: 'Complaint details',
    text: 'This complaint could not be found.',
    gone: ['Process Result', 'Problem type'],
  },
] as const;

describe('an empty answer shows the designed empty state (header and back kept)', () => {
  it.each(CASES)('$layout', async ({ layout, endpoint, data, query, title, text, gone }) => {
    await renderLayout(read(layout), { responses: { [endpoint]: ok(data) }, query: { ...query } });
    await screen.findByRole('heading', { level: 2, name: text });
    screen.getByRole('heading', { level: 1, name: title });
    // The header's back arrow and the state's own way out.
    expect(screen.getAllByRole('button').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('status').querySelector('button')?.textContent).toMatch(
      /^(Back|Close)$/,
    );
    for (const label of gone) expect(screen.queryByText(label)).toBeNull();
  });

  it('a plan with only paid installments is not empty: "Nothing to repay." under the pending list', async () => {
    const paid = [
      {
        periodNo: 1,
        totalAmount: 5000,
        displayAmount: 5000,
        canClick: 0,
        check: 0,
        periodStatus: 2,
        dueTime: '2026-10-01',
        status: 'Paid',
      },
    ];
    const plan = {
      amountMax: 100000,
      amountMin: 100,
      bankCardInfo: { bankName: '', cardNo: '' },
      bankList: [],
      repayPlanDetail: { repayWaitCount: 0, repayWaitDetail: [], repayYetDetail: paid },
    };
    await renderLayout(read('repay'), {
      responses: { installmentPlan: ok(plan) },
      query: { orderId: 'O1', productId: 'P001' },
    });
    await screen.findByText('Nothing to repay.');
    expect(screen.queryByText('There is no repayment plan for this order.')).toBeNull();
  });

  it('customer service without contact details keeps the screen: the configured phone, no empty e-mail row', async () => {
    await renderLayout(read('customer-service'), {
      responses: { contactKfInfo: ok({ email: '', smWa: '' }) },
    });
    await screen.findByRole('button', { name: 'Call customer service' });
    screen.getByRole('heading', { level: 1, name: 'Online service' });
    expect(screen.queryByText('E-mail')).toBeNull();
    screen.getByText('Telephone');
  });
});
