/**
 * Real layouts fed responses shaped as a real backend sends them: numbers as strings,
 * optional fields left out. The answers pass the real API client (tests/unit/http/wire.ts), so
 * the layout sees what the app's boundary makes of them, and behaves as for the typed data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderLayout } from '../support/renderLayout';
import { envelope, viaClient } from '../app/http/wire';

const layout = (name: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../layouts/${name}.json`), 'utf8'),
  ) as Record<string, unknown>;

describe('repay-choose: needValid "1" from the commit', () => {
  it('opens the SMS code dialog instead of going straight to borrow detail', async () => {
    const { recorded } = await renderLayout(layout('repay-choose'), {
      query: { userId: '10001', sessionId: 's1', orderId: 'O174N', productId: 'P002' },
      routes: {
        borrowDetail: '/borrowDetail',
        addNormalCard: '/addnormalcard',
        alipayRepayment: '/alipayrepayment',
      },
      responses: viaClient({
        // alipay as a string, the card id as a number, amount as a string
        repaymentWay: envelope(
          {
            alipay: '0',
            repayToken: 'T1',
            amount: '1200000',
            bankCards: [{ id: 501, bankName: 'CRDB Bank', cardNo: '**** 6789', bankCode: 'CRDB' }],
          },
          '00',
        ),
        repaymentCommit: envelope({ needValid: '1', repayRecordId: 'R1' }, '00'),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /CRDB Bank/ }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await screen.findByRole('dialog', { name: 'Enter the SMS code' });
    expect(recorded.calls.find((c) => c.endpoint === 'repaymentCommit')?.params).toMatchObject({
      amount: 1200000,
      cardId: '501',
    });
    expect(recorded.navigations).toEqual([]);
    expect(recorded.reports).toEqual([]);
  });
});

describe('repaymentOfCode: type "1"', () => {
  it('shows the copyable pay code, from a response with numbers as strings and no delayInfo', async () => {
    const { recorded } = await renderLayout(layout('repayment-of-code'), {
      query: { userId: '10001', sessionId: 's1', orderId: 'O170', productId: 'P002' },
      responses: viaClient({
        repaymentCodeInfo: envelope({
          type: '1',
          repayAmount: '4400000',
          currencyFlag: '0',
          payCode: 77001234,
          channelImage: '',
          qrContent: '',
          defDetail: { logo: '', payCode: 'KP-9', payNotice: {} },
        }),
      }),
    });
    await screen.findByText('Pay with this code');
    screen.getByText('77001234');
    expect(recorded.reports).toEqual([]);
  });
});

describe('complainDetails: isNeedScore "0" or absent', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  // The spec's complaint detail fields only: type, sonType, problemId, content, images, disposeDetail, disposeImages, isNeedScore.
  const spec = {
    problemId: 7,
    type: '1',
    sonType: '11',
    content: 'They called at night',
    images: [],
    disposeDetail: '',
    disposeImages: [],
  };
  // The screen may also read problem-init's lists (type titles); a backend sends those with string values too.
  const types = envelope({
    problemType: [{ value: '1', title: 'Collection' }],
    problemSonType: [{ value: '11', title: 'Rude calls' }],
    orderDetail: null,
    orderList: [],
  });

  it.each([
    ['"0"', { ...spec, isNeedScore: '0' }],
    ['absent', spec],
    ['null', { ...spec, isNeedScore: null }],
  ])('isNeedScore %s: no rating dialog 3 s after load (nor later)', async (_, wire) => {
    const { recorded } = await renderLayout(layout('complain-details'), {
      query: { problemId: '7' },
      responses: viaClient({ problemDetail: envelope(wire), problemInit: types }),
    });
    await screen.findByText('They called at night');
    await act(async () => vi.advanceTimersByTime(3500));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(recorded.reports.filter((r) => r.kind === 'response')).toEqual([]);
  });

  it('isNeedScore "1": the rating dialog opens at 3 s (the same shape still asks when it should)', async () => {
    await renderLayout(layout('complain-details'), {
      query: { problemId: '7' },
      responses: viaClient({
        problemDetail: envelope({ ...spec, isNeedScore: '1' }),
        problemInit: types,
      }),
    });
    await screen.findByText('They called at night');
    await act(async () => vi.advanceTimersByTime(3000));
    screen.getByRole('dialog', { name: 'Please rate our service' });
  });
});

describe('complainPage: problem type value "1" (collection)', () => {
  const init = (isShow: unknown) => ({
    problemType: [
      { value: '1', title: 'Collection' },
      { value: '2', title: 'Repayment problem' },
    ],
    problemSonType: [{ value: '11', title: 'Rude calls' }],
    orderDetail: {
      orderNo: 'O170',
      productName: 'Kopa Cash',
      status: 'Overdue',
      list: [],
      ...(isShow === undefined ? {} : { isShow }),
    },
  });

  it.each([
    ['"0"', '0'],
    ['absent', undefined],
  ])('isShow %s: the collection guard message shows and nothing navigates', async (_, isShow) => {
    const { recorded } = await renderLayout(layout('complain-page'), {
      query: { userId: '10001', sessionId: 's1', orderId: 'O170' },
      responses: viaClient({ problemInit: envelope(init(isShow)) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Collection'));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toEqual([
        'The selected order does not support sending collection types',
      ]),
    );
    screen.getByText('The selected order does not support sending collection types');
    expect(recorded.navigations).toEqual([]);
  });

  it('isShow "1": collection opens its sub-types instead of the message', async () => {
    const { recorded } = await renderLayout(layout('complain-page'), {
      query: { userId: '10001', sessionId: 's1', orderId: 'O170' },
      responses: viaClient({ problemInit: envelope(init('1')) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText('Collection'));
    await screen.findByText('Rude calls');
    expect(recorded.toasts).toEqual([]);
    expect(recorded.navigations).toEqual([]);
  });
});
