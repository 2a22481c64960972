/**
 * The error a layout sees after a failed call (http onError, a data source's error nodes):
 * error.code, error.message (never empty) and error.serverMessage (the server's own text, ''
 * when it sent none), so a screen can choose its own fallback (repay-choose: 'processing failed').
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interpretResponse } from '../../src/app/http/result';
import type { CallResult } from '../../src/runtime/env';
import { layoutOf, renderLayout } from '../support/renderLayout';

const SHOW = [
  {
    type: 'toast',
    message:
      '{{ error.code }}|{{ error.message }}|{{ error.serverMessage }}|{{ default(error.serverMessage, "fallback") }}',
  },
];

describe('error.serverMessage', () => {
  it('interpretResponse keeps the envelope message apart from the generic stand-in', () => {
    const empty = interpretResponse(
      200,
      '{"code":"800009","message":"  ","data":null}',
      '00',
      (d) => d,
    );
    const given = interpretResponse(
      200,
      '{"code":"800009","message":"Card expired"}',
      '00',
      (d) => d,
    );
    expect(empty).toMatchObject({ ok: false, kind: 'server', code: '800009', serverMessage: '' });
    expect(empty.ok ? '' : empty.message).not.toBe('');
    expect(given).toMatchObject({
      ok: false,
      code: '800009',
      message: 'Card expired',
      serverMessage: 'Card expired',
    });
  });

  it('http onError sees code, message and serverMessage for server refusals and transport faults', async () => {
    const answers: CallResult[] = [
      {
        ok: false,
        kind: 'server',
        code: '800009',
        message: 'Card expired',
        serverMessage: 'Card expired',
        status: 200,
      },
      {
        ok: false,
        kind: 'server',
        code: '800009',
        message: 'Something went wrong. Please try again.',
        serverMessage: '',
        status: 200,
      },
      {
        ok: false,
        kind: 'network',
        message: 'Network error. Check your connection and try again.',
      },
    ];
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Pay',
          onTap: [{ type: 'http', endpoint: 'repaymentCommit', params: {}, onError: SHOW }],
        },
      ]),
      { responses: { repaymentCommit: () => answers.shift()! } },
    );
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.toasts.map((t) => t.message)).toEqual([
      '800009|Card expired|Card expired|Card expired',
      // repaymentCommit's catalogue wording (schemas/api/endpoints.json errors: fallback, network).
      '800009|processing failed||fallback',
      'network|error||fallback',
    ]);
  });

  it("a data source's error nodes see serverMessage too", async () => {
    await renderLayout(
      layoutOf([{ type: 'text', text: 'ok' }], {
        dataSources: {
          way: {
            endpoint: 'repaymentWay',
            toastOnError: false,
            error: [
              {
                type: 'text',
                text: "{{ error.code }}: {{ default(error.serverMessage, 'failed to query card list') }}",
              },
            ],
          },
        },
      }),
      {
        responses: {
          repaymentWay: {
            ok: false,
            kind: 'server',
            code: '900001',
            message: 'Something went wrong. Please try again.',
            serverMessage: '',
            status: 200,
          },
        },
      },
    );
    await screen.findByText('900001: failed to query card list');
  });
});
