/**
 * The code dialog of layouts/repay-choose.json: Resend asks repayment-resend for
 * a new code for the same record and restarts the 60 s countdown; Cancel voids the pending record
 * (repayment-cancel) and closes whatever the answer, so Pay Now works again at once; a record
 * that expired or was cancelled (800008) or is already paid (800007) ends the dialog.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import repayChoose from '../../layouts/repay-choose.json';
import type { CallResult } from '../../src/runtime/env';
import { ok, renderLayout, type FakeResponse } from '../support/renderLayout';

const WAY = {
  amount: 1200000,
  alipay: 0,
  repayToken: 'T1',
  bankCards: [
    { id: 'CARD1', bankName: 'CRDB Bank', cardNo: '**** 6789', bankCode: 'CRDB' },
    { id: 'CARD2', bankName: 'M-Pesa', cardNo: '**** 5678', bankCode: 'MPESA' },
  ],
};
const RECORD = { orderId: 'O174N', repaymentRecordId: 'R1' };
const refuse = (code: string, message = '', status = 200): CallResult => ({
  ok: false,
  kind: 'server',
  code,
  message: message || 'Something went wrong. Please try again.',
  serverMessage: message,
  status,
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function openDialog(responses: Record<string, FakeResponse>) {
  const rendered = await renderLayout(repayChoose, {
    query: { userId: '10001', sessionId: 's1', orderId: 'O174N', productId: 'P002' },
    routes: {
      borrowDetail: '/borrowDetail',
      addNormalCard: '/addnormalcard',
      alipayRepayment: '/alipayrepayment',
    },
    responses: {
      repaymentWay: ok(WAY, '00'),
      repaymentCommit: ok({ needValid: 1, repayRecordId: 'R1' }, '00'),
      ...responses,
    },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(await screen.findByRole('button', { name: /CRDB Bank/ }));
  await user.click(screen.getByRole('button', { name: 'Pay Now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enter the SMS code' });
  return { ...rendered, user, dialog };
}

const resendButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Resend/ }) as HTMLButtonElement;
const endpoints = (calls: { endpoint: string }[]) => calls.map((c) => c.endpoint);

describe('repay-choose code dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('Resend after the countdown asks repayment-resend for the same record (no second commit) and restarts 60 s; the new code confirms', async () => {
    const { recorded, user, dialog } = await openDialog({
      repaymentResend: ok({}, '00'),
      repaymentConfirm: ok({}, '00'),
    });
    expect(resendButton(dialog).textContent).toBe('Resend (60s)');
    await advance(60_000);
    expect(resendButton(dialog).textContent).toBe('Resend');
    await user.click(resendButton(dialog));
    await waitFor(() => expect(resendButton(dialog).textContent).toBe('Resend (60s)'));
    expect(endpoints(recorded.calls)).toEqual([
      'repaymentWay',
      'repaymentCommit',
      'repaymentResend',
    ]);
    expect(recorded.calls[2]?.params).toEqual(RECORD);
    expect(recorded.toasts).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(recorded.navigations).toHaveLength(1));
    expect(recorded.navigations[0]?.path).toMatch(/^\/borrowDetail\?/);
    expect(recorded.calls[3]).toMatchObject({
      endpoint: 'repaymentConfirm',
      params: { ...RECORD, verifyCode: '654321' },
    });
  });

  it('a resend past the SMS limits (429) toasts the server message and leaves the dialog open', async () => {
    const { recorded, user, dialog } = await openDialog({
      repaymentResend: refuse('429', 'Too many codes today. Try again tomorrow.', 429),
    });
    await advance(60_000);
    await user.click(resendButton(dialog));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toEqual([
        'Too many codes today. Try again tomorrow.',
      ]),
    );
    expect(resendButton(dialog).textContent).toBe('Resend');
    screen.getByRole('dialog', { name: 'Enter the SMS code' });
  });

  it('a resend for a record that expired (800008) closes the dialog and says to start again', async () => {
    const { recorded, user, dialog } = await openDialog({
      repaymentResend: refuse('800008', 'expired'),
    });
    await advance(60_000);
    await user.click(resendButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recorded.toasts.map((t) => t.message)).toEqual([
      'This repayment request has expired. Please start the payment again.',
    ]);
  });

  it('Cancel closes at once, voids the pending record with repayment-cancel, and Pay Now commits again', async () => {
    let answer!: (r: CallResult) => void;
    const { recorded, user, dialog } = await openDialog({
      repaymentCancel: () => new Promise<CallResult>((resolve) => (answer = resolve)),
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '12');
    await advance(10_000);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(recorded.calls.at(-1)).toMatchObject({ endpoint: 'repaymentCancel', params: RECORD });
    // Until the server has voided the record, a new commit would only meet it (800005).
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => answer(ok({ status: 'cancelled' }, '00')));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const again = await screen.findByRole('dialog', { name: 'Enter the SMS code' });
    expect(resendButton(again).textContent).toBe('Resend (60s)');
    expect(
      (within(again).getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement).value,
    ).toBe('');
    expect(endpoints(recorded.calls)).toEqual([
      'repaymentWay',
      'repaymentCommit',
      'repaymentCancel',
      'repaymentCommit',
    ]);
    expect(recorded.toasts).toEqual([]);
  });

  it('Cancel whose call fails (network) still closes, resets and frees Pay Now, with no toast', async () => {
    const { recorded, user, dialog } = await openDialog({
      repaymentCancel: {
        ok: false,
        kind: 'network',
        message: 'Network error. Check your connection and try again.',
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(recorded.toasts).toEqual([]);
    expect(endpoints(recorded.calls)).toEqual([
      'repaymentWay',
      'repaymentCommit',
      'repaymentCancel',
    ]);
  });

  it('Confirm answering 800008 closes the dialog and tells the borrower to start again; 800007 says it is already paid', async () => {
    const answers = [refuse('800008'), refuse('800007')];
    const { recorded, user, dialog } = await openDialog({
      repaymentConfirm: () => answers.shift()!,
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recorded.toasts.map((t) => t.message)).toEqual([
      'This repayment request has expired. Please start the payment again.',
    ]);
    expect(recorded.navigations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const again = await screen.findByRole('dialog', { name: 'Enter the SMS code' });
    await user.type(within(again).getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(recorded.navigations).toHaveLength(1));
    expect(recorded.navigations[0]?.path).toMatch(/^\/borrowDetail\?/);
    expect(recorded.toasts.at(-1)?.message).toBe('This repayment is already completed.');
  });
});
