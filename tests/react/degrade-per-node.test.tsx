/**
 * Degrade per node, not per page: a field missing or unusable in an answer spoils only
 * the nodes bound to it (empty, never "undefined", "NaN" or an invented 0,00) and the actions
 * that need it (disabled, with the reason on screen); the rest of the screen works. Answers pass
 * the real API client (tests/unit/http/wire.ts); each problem is reported once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// Whole screens through the real client: more than the default 5 s on a loaded machine.
const SLOW = { timeout: 20_000 };
import { renderLayout } from '../support/renderLayout';
import { envelope, viaClient } from '../app/http/wire';

const ROOT = join(import.meta.dirname, '../..');
const layout = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, `layouts/${name}.json`), 'utf8')) as Record<string, unknown>;
const spec = (endpoint: string) =>
  structuredClone(
    (
      JSON.parse(
        readFileSync(join(ROOT, `tests/fixtures/spec-answers/${endpoint}.json`), 'utf8'),
      ) as { minimal: { data: Record<string, unknown> } }
    ).minimal.data,
  );
const QUERY = { userId: '10001', sessionId: 's1', orderId: 'O174D', productId: 'P001' };
const text = () => document.body.textContent ?? '';
const byId = (id: string) => document.querySelector(`[data-node-id="${id}"]`);

describe('/repay: the first installment answered without its amount', () => {
  const plan = () => {
    const d = spec('installmentPlan') as {
      repayPlanDetail: { repayWaitDetail: Record<string, unknown>[] };
    };
    d.repayPlanDetail.repayWaitDetail[0]!.totalAmount = 'sixteen thousand';
    return d;
  };

  it(
    'shows the rest of the screen, no total (no 0,00), Pay Now off with the reason; reported once',
    SLOW,
    async () => {
      const { recorded } = await renderLayout(layout('repay'), {
        query: QUERY,
        responses: viaClient({ installmentPlan: envelope(plan()) }),
      });
      await screen.findByText('Pending installments (2)');
      // The second installment keeps its amount; the page, the wallets and the account field stay.
      expect(text()).toContain('16.500,00');
      screen.getByLabelText('Account number');
      expect(byId('amountValue')).toBeNull();
      expect(byId('total')).toBeNull();
      expect(text()).not.toMatch(/undefined|NaN|Period 1 TZS|\b0,00/);
      expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      screen.getByText(
        'Pay Now is unavailable until the amount due is known. Please go back and open this page again.',
      );
      expect(recorded.reports.filter((r) => r.kind === 'response').map((r) => r.message)).toEqual([
        'installmentPlan: installment-plan.response: data.repayPlanDetail.repayWaitDetail.0.totalAmount must be integer (left out)',
        'installmentPlan: installment-plan.response: data.repayPlanDetail.repayWaitDetail[].totalAmount is missing',
      ]);
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    },
  );

  it(
    'with every amount there, the total shows and Pay Now is on (the same answer otherwise)',
    SLOW,
    async () => {
      await renderLayout(layout('repay'), {
        query: QUERY,
        responses: viaClient({ installmentPlan: envelope(spec('installmentPlan')) }),
      });
      await screen.findByText('Pending installments (2)');
      await waitFor(() => expect(byId('total')?.textContent).toBe('Total: TZS 16.500,00'));
      expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
    },
  );
});

describe('/loanDetail: an order answer with a broken detail list and no status text', () => {
  it(
    'shows the status, the buttons and the rest; the broken parts are empty, each reported once',
    SLOW,
    async () => {
      const order = spec('loanDetails');
      order.userOrderDetail = 'see the app';
      delete order.noticeStatusText;
      const { recorded } = await renderLayout(layout('loan-detail'), {
        query: QUERY,
        responses: viaClient({ loanDetails: envelope(order) }),
      });
      await screen.findByRole('button', { name: 'Rollover Repayment' });
      screen.getByRole('button', { name: 'REPAY' });
      expect(text()).toContain('Your next installment is due soon.');
      expect(text()).not.toMatch(/undefined|NaN|see the app/);
      expect(recorded.reports.filter((r) => r.kind === 'response').map((r) => r.message)).toEqual([
        'loanDetails: loan-details.response: data.userOrderDetail must be object (left out)',
        'loanDetails: loan-details.response: data.noticeStatusText is missing',
        'loanDetails: loan-details.response: data.userOrderDetail is missing',
      ]);
    },
  );

  it(
    'an answer with none of the fields the spec names is the error screen with Retry',
    SLOW,
    async () => {
      const { recorded } = await renderLayout(layout('loan-detail'), {
        query: QUERY,
        responses: viaClient({ loanDetails: envelope({ status: 'ok' }) }),
      });
      await screen.findByRole('button', { name: 'Retry' });
      expect(recorded.reports.filter((r) => r.kind === 'response')).toHaveLength(1);
    },
  );
});

describe('/customerService without the WhatsApp number, /confirm without the bank card', () => {
  it(
    'customer service: the phone row falls back to the configured phone, the e-mail row stays',
    SLOW,
    async () => {
      const kf = spec('contactKfInfo');
      delete kf.smWa;
      await renderLayout(layout('customer-service'), {
        query: QUERY,
        responses: viaClient({ contactKfInfo: envelope(kf) }),
      });
      await screen.findByText('help@kopa.example');
      expect(text()).not.toMatch(/undefined|NaN/);
      screen.getByRole('button', { name: 'Call customer service' });
    },
  );

  it(
    'confirm: no card named: the add-account line instead, the offer and Loan Now stay',
    SLOW,
    async () => {
      const offer = spec('loanConfirmDetail');
      delete offer.bankCardInfo;
      await renderLayout(layout('confirm'), {
        query: QUERY,
        responses: viaClient({
          loanConfirmDetail: envelope(offer),
          contractList: envelope(spec('contractList')),
        }),
      });
      await waitFor(() => expect(text()).toContain('50.000,00'));
      expect(text()).not.toMatch(/undefined|NaN|M-Pesa 0712/);
      screen.getByRole('button', { name: 'Loan Now' });
    },
  );
});
