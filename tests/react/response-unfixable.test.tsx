/**
 * A response that cannot be used at all (data of the wrong kind at its root) is an
 * error, not data: a data source shows its error state with Retry, an http action runs its
 * onError, and the problem is reported once with the reason. A field missing spoils only what is
 * bound to it, unless the layout marks it as one it cannot do without (`requires`).
 * Answers pass the real API client (tests/unit/http/wire.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderLayout } from '../support/renderLayout';
import { envelope, viaClient } from '../app/http/wire';

const layout = (name: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../layouts/${name}.json`), 'utf8'),
  ) as Record<string, unknown>;
const DETAIL = {
  problemId: '7',
  type: 1,
  content: 'They called at night',
  images: [],
  disposeDetail: '',
  disposeImages: [],
  isNeedScore: 0,
};

describe('a data source whose response cannot be made valid', () => {
  it.each([
    ['data is a string', 'queued', 'problemDetail: problem-detail.response: data must be object'],
    [
      'none of the fields the spec names came',
      { note: 'queued' },
      'problemDetail: problem-detail.response: data has none of type, sonType, problemId, content, images, disposeDetail, disposeImages, isNeedScore',
    ],
  ])(
    '%s: error with Retry, one report; Retry with a good answer shows the page',
    async (_, bad, message) => {
      let answer: unknown = bad;
      const { recorded } = await renderLayout(layout('complain-details'), {
        query: { problemId: '7' },
        responses: viaClient({ problemDetail: () => envelope(answer) }),
      });
      const retry = await screen.findByRole('button', { name: 'Retry' });
      expect(screen.getByRole('alert').textContent).toContain(
        'The server sent an unexpected response. Please try again.',
      );
      expect(screen.queryByText('They called at night')).toBeNull();
      // complain-details' onLoad reads data.detail.isNeedScore without ?. and reports that too (its layout's own binding).
      expect(recorded.reports.filter((r) => r.kind === 'response')).toEqual([
        { pointer: '/dataSources/detail', message, kind: 'response' },
      ]);

      answer = DETAIL;
      await userEvent.setup().click(retry);
      await screen.findByText('They called at night');
      expect(recorded.reports.filter((r) => r.kind === 'response')).toHaveLength(1);
    },
  );
});

describe('a data source answer with a required field missing', () => {
  it('shows the page, with the missing content empty (no "undefined"), and reports the field once', async () => {
    const { recorded } = await renderLayout(layout('complain-details'), {
      query: { problemId: '7' },
      responses: viaClient({
        problemDetail: envelope({
          ...DETAIL,
          content: undefined,
          disposeDetail: 'We called the agent',
        }),
      }),
    });
    await screen.findByText('We called the agent');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
    expect(recorded.reports.filter((r) => r.kind === 'response')).toEqual([
      {
        pointer: '/dataSources/detail',
        message: 'problemDetail: problem-detail.response: data.content is missing',
        kind: 'response',
      },
    ]);
  });
});

describe('an http action whose response lacks a field its layout requires', () => {
  it('repayment-commit without a record id: onError runs (toast "error"), no code dialog, no navigation, reported', async () => {
    const { recorded } = await renderLayout(layout('repay-choose'), {
      query: { userId: '10001', sessionId: 's1', orderId: 'O174N', productId: 'P002' },
      routes: {
        borrowDetail: '/borrowDetail',
        addNormalCard: '/addnormalcard',
        alipayRepayment: '/alipayrepayment',
      },
      responses: viaClient({
        repaymentWay: envelope(
          {
            alipay: 0,
            repayToken: 'T1',
            amount: 1200000,
            bankCards: [
              { id: 'CARD1', bankName: 'CRDB Bank', cardNo: '**** 6789', bankCode: 'CRDB' },
            ],
          },
          '00',
        ),
        repaymentCommit: envelope({ needValid: '1' }, '00'),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /CRDB Bank/ }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(recorded.toasts.map((t) => t.message)).toEqual(['error']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(recorded.navigations).toEqual([]);
    // Reported once (by the boundary); the layout's `requires` turns the answer into onError.
    expect(recorded.reports.map((r) => r.message)).toEqual([
      'repaymentCommit: repayment-commit.response: data.repayRecordId is missing',
    ]);
  });
});
