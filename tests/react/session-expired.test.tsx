/**
 * A call answering HTTP 401 (session idle or past its lifetime, unknown session)
 * turns any page into a way out, handled once in the runtime: the server's message when it is
 * meant for people (else a plain one), 'Log in' (bridge openLogin) and 'Close' (bridge
 * closeWebView), the page header kept, no Retry, no toast, no dialog left open.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import repayChoose from '../../layouts/repay-choose.json';
import type { CallResult } from '../../src/runtime/env';
import { messageForPeople, SESSION_EXPIRED_MESSAGE } from '../../src/runtime/sessionExpiry';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

const expired = (message: string): CallResult => ({
  ok: false,
  kind: 'server',
  code: '401',
  message,
  serverMessage: message,
  status: 401,
});
const PEOPLE = 'Your session timed out after 30 minutes. Please log in again.';

const page = (sourceExtra: Record<string, unknown> = {}) =>
  layoutOf(
    [
      { type: 'page-header', title: 'Loan details' },
      { type: 'text', text: 'Amount {{ data.loan.amount }}' },
    ],
    { dataSources: { loan: { endpoint: 'loanDetails', params: {}, ...sourceExtra } } },
  );

const wayOut = () => screen.getByRole('alert');

describe('session expired (HTTP 401)', () => {
  it('a data source answering 401 shows the server message, Log in and Close, the header, and no Retry', async () => {
    const { recorded, user } = await renderLayout(page(), {
      responses: { loanDetails: expired(PEOPLE) },
    });
    await screen.findByText(PEOPLE);
    screen.getByRole('heading', { name: 'Loan details' });
    expect(
      within(wayOut())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Log in', 'Close']);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText(/Amount/)).toBeNull();
    expect(recorded.toasts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(recorded.bridge).toEqual([
      { action: 'openLogin', args: {} },
      { action: 'closeWebView', args: {} },
    ]);
    // Nothing was asked again: the way out never loops on the failing call.
    expect(recorded.calls.map((c) => c.endpoint)).toEqual(['loanDetails']);
  });

  it("also overrides a layout's own error nodes (their Retry could only fail again)", async () => {
    await renderLayout(
      page({
        toastOnError: false,
        error: [{ type: 'button', label: 'Retry', onTap: [{ type: 'reload', source: 'loan' }] }],
      }),
      { responses: { loanDetails: expired(PEOPLE) } },
    );
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("a message not meant for people, or no envelope at all, gives 'Your session has expired. Please log in again.'", async () => {
    const technical = expired('Missing session: userId and sessionId are required.');
    const html: CallResult = {
      ok: false,
      kind: 'bad-response',
      message: 'The server sent an unexpected response. Please try again.',
      status: 401,
    };
    for (const answer of [technical, html, expired('')]) {
      const { unmount } = await renderLayout(page(), { responses: { loanDetails: answer } });
      expect((await screen.findByRole('alert')).textContent).toContain(SESSION_EXPIRED_MESSAGE);
      screen.getByRole('button', { name: 'Close' });
      unmount();
    }
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired. Please log in again.');
    expect(messageForPeople('Unknown or expired session. Please log in again.')).toBe(
      'Unknown or expired session. Please log in again.',
    );
    expect(messageForPeople('session_id revoked')).toBeUndefined();
    expect(messageForPeople('<html>401</html>')).toBeUndefined();
    expect(messageForPeople('   ')).toBeUndefined();
  });

  it('other failures keep the error state with Retry (only 401 is a session problem)', async () => {
    await renderLayout(page(), {
      responses: {
        loanDetails: {
          ok: false,
          kind: 'server',
          code: '500',
          message: 'Server busy',
          serverMessage: 'Server busy',
          status: 500,
        },
      },
    });
    await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('an action answering 401 (Pay Now) shows the same way out instead of a toast, and onError does not run', async () => {
    const way = {
      amount: 1200000,
      alipay: 0,
      repayToken: 'T1',
      bankCards: [{ id: 'CARD1', bankName: 'CRDB Bank', cardNo: '**** 6789', bankCode: 'CRDB' }],
    };
    const { recorded, user } = await renderLayout(repayChoose, {
      query: { userId: '10001', sessionId: 's1', orderId: 'O170' },
      responses: {
        repaymentWay: ok(way, '00'),
        repaymentCommit: expired('Unknown or expired session. Please log in again.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: /CRDB Bank/ }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await screen.findByText('Unknown or expired session. Please log in again.');
    screen.getByRole('heading', { name: 'Choose repayment method' });
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(recorded.toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(recorded.bridge).toEqual([{ action: 'openLogin', args: {} }]);
  });

  it('a 401 while the code dialog is open closes it and shows the way out', async () => {
    const way = {
      amount: 1200000,
      alipay: 0,
      repayToken: 'T1',
      bankCards: [{ id: 'CARD1', bankName: 'CRDB Bank', cardNo: '**** 6789', bankCode: 'CRDB' }],
    };
    const { recorded, user } = await renderLayout(repayChoose, {
      query: { userId: '10001', sessionId: 's1', orderId: 'O170' },
      responses: {
        repaymentWay: ok(way, '00'),
        repaymentCommit: ok({ needValid: 1, repayRecordId: 'R1' }, '00'),
        repaymentConfirm: expired(''),
      },
    });
    await user.click(await screen.findByRole('button', { name: /CRDB Bank/ }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the SMS code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(wayOut().textContent).toContain(SESSION_EXPIRED_MESSAGE);
    expect(recorded.toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(recorded.bridge).toEqual([{ action: 'closeWebView', args: {} }]);
  });
});
