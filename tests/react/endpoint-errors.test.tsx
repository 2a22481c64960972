import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { withEndpointMessage } from '../../src/runtime/actions/errorMessages';
import { layoutOf, renderLayout, serverError } from '../support/renderLayout';
import type { CallResult } from '../../src/runtime/env';

/**
 * Per-endpoint error messages live in the endpoint catalogue (schemas/api/endpoints.json
 * `errors`, spec 8), so a layout calling repayment-commit shows 'wrong code' without copying it.
 */

const network: CallResult = {
  ok: false,
  kind: 'network',
  message: 'Network error. Check your connection and try again.',
};
const silent: CallResult = {
  ok: false,
  kind: 'server',
  code: '7',
  message: 'Something went wrong. Please try again.',
  serverMessage: '',
  status: 200,
};

const payButton = (extra: Record<string, unknown> = {}) =>
  layoutOf([
    {
      type: 'button',
      label: 'Pay',
      onTap: [{ type: 'http', endpoint: 'repaymentCommit', params: { amount: 100 }, ...extra }],
    },
  ]);

describe('endpoint catalogue error messages', () => {
  it.each([
    ['800006', serverError('code mismatch', '800006'), 'wrong code'],
    ['800005', serverError('pending', '800005'), 'do not submit the repayment request twice'],
    [
      'another code with a message',
      serverError('Card blocked by the bank', '1'),
      'Card blocked by the bank',
    ],
    ['another code without a message', silent, 'processing failed'],
    ['a network failure', network, 'error'],
  ])('repayment-commit, %s: the toast says the spec text', async (_name, answer, shown) => {
    const { recorded, user } = await renderLayout(payButton(), {
      responses: { repaymentCommit: answer },
    });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(recorded.toasts.map((t) => t.message)).toEqual([shown]));
    await screen.findByText(shown);
  });

  it('onError sees the catalogue message as error.message and may still override a code', async () => {
    const layout = payButton({
      onError: [
        {
          type: 'if',
          when: "{{ error.code == '800006' }}",
          then: [{ type: 'toast', message: 'Code {{ error.serverMessage }} refused' }],
        },
        { type: 'setState', path: 'last', value: '{{ error.message }}' },
      ],
    });
    layout.state = { last: '' };
    (layout.body as unknown[]).push({ type: 'text', text: 'Last: {{ state.last }}' });
    const { recorded, user } = await renderLayout(layout, {
      responses: { repaymentCommit: serverError('mismatch', '800006') },
    });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByText('Last: wrong code');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Code mismatch refused']);
  });

  it('a data source uses the fallback of its endpoint for its error and toast', async () => {
    const layout = layoutOf([{ type: 'text', text: 'Cards: {{ len(data.way.bankCards) }}' }], {
      dataSources: {
        way: {
          endpoint: 'repaymentWay',
          error: [{ type: 'text', text: 'Failed: {{ error.message }}' }],
        },
      },
    });
    const { recorded } = await renderLayout(layout, { responses: { repaymentWay: silent } });
    await screen.findByText('Failed: failed to query card list');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['failed to query card list']);
  });

  it('endpoints without an errors table keep the server message; the table never applies to others', async () => {
    const { recorded, user } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Save',
          onTap: [{ type: 'http', endpoint: 'saveBankInfo', params: {} }],
        },
      ]),
      { responses: { saveBankInfo: serverError('wrong code', '800006') } },
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(recorded.toasts.map((t) => t.message)).toEqual(['wrong code']));
    const error = { code: '800006', message: 'x', serverMessage: 'x' };
    expect(withEndpointMessage('saveBankInfo', error)).toBe(error);
    expect(
      withEndpointMessage('repaymentConfirm', {
        code: '800008',
        message: 'gone',
        serverMessage: 'gone',
      }).message,
    ).toBe('This repayment request has expired. Please start the payment again.');
    expect(
      withEndpointMessage(
        'x',
        { code: 'timeout', message: 't', serverMessage: '' },
        { fallback: 'f' },
      ).message,
    ).toBe('t');
    expect(
      withEndpointMessage('x', { code: '9', message: 'g', serverMessage: ' ' }, { fallback: 'f' })
        .message,
    ).toBe('f');
  });

  it('registration: 11 reads as the catalogue says for get-sms and register', async () => {
    const layout = layoutOf([
      { type: 'button', label: 'Get', onTap: [{ type: 'http', endpoint: 'getSms', params: {} }] },
    ]);
    const { recorded, user } = await renderLayout(layout, {
      responses: { getSms: serverError('registered', '11') },
    });
    await user.click(screen.getByRole('button', { name: 'Get' }));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toEqual([
        'This phone number is already registered. Please download the app and log in.',
      ]),
    );
    expect(
      withEndpointMessage('register', { code: '11', message: 'm', serverMessage: 'm' }).message,
    ).toMatch(/^This phone number is already registered/);
  });
});
