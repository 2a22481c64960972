import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderLayout, serverError } from '../support/renderLayout';

/** The complaint start and form layouts (spec 4 "Complaint start", "Complaint form"; 5; 8; 9). */
function layout(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, `../../layouts/${name}.json`), 'utf8'),
  ) as Record<string, unknown>;
}

const routes = {
  complaint: '/complainPage',
  complaintForm: '/complainPageNext',
  complaintList: '/complaintList',
  complaintDetails: '/complainDetails',
};
const order = (orderNo: string, isShow: 0 | 1, status: string) => ({
  orderNo,
  productLogo: '',
  productName: 'Kopa Cash',
  status,
  isShow,
  list: [{ title: 'Order No.', value: orderNo }],
});
const init = {
  problemType: [
    { value: 1, title: 'Collection' },
    { value: 2, title: 'Repayment issue' },
  ],
  problemSonType: [{ value: 11, title: 'Harassing calls' }],
  orderDetail: order('O21', 0, 'Under review'),
  orderList: [order('O21', 0, 'Under review'), order('O170', 1, 'Repaying')],
};
const REFUSED = 'The selected order does not support sending collection types';

describe('complaint start layout', () => {
  it('refuses collection while the order has isShow 0; after switching order it opens the sub-types', async () => {
    const { recorded } = await renderLayout(layout('complain-page'), {
      responses: { problemInit: ok(init) },
      routes,
    });
    await screen.findByText('Under review');
    await act(async () => screen.getByText('Collection').click());
    expect(recorded.toasts.map((t) => t.message)).toEqual([REFUSED]);
    expect(screen.queryByText('Harassing calls')).toBeNull();

    await act(async () => screen.getByRole('button', { name: 'All' }).click());
    await act(async () => screen.getByText('Order No. O170').click());
    screen.getByText('Repaying');
    await act(async () => screen.getByText('Collection').click());
    await act(async () => screen.getByText('Harassing calls').click());
    expect(recorded.toasts).toHaveLength(1);
    expect(recorded.navigations.map((n) => n.path)).toEqual([
      '/complainPageNext?userId=10001&sessionId=s1&problemType=1&problemSonType=11&orderNo=O170&orderId=O170',
    ]);
  });
});

describe('complaint form layout', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const query = { userId: '10001', sessionId: 's1', problemType: '2', orderNo: 'O21' };

  it('needs a description; a save shows the modal for 1.5 s and then returns to the start page', async () => {
    const { recorded } = await renderLayout(layout('complain-page-next'), {
      responses: { problemInit: ok(init), problemSave: ok({ problemId: '9' }) },
      query,
      routes,
    });
    await screen.findByText('Repayment issue');
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(recorded.toasts.map((t) => t.message)).toEqual([
      'Please fill in your comments and suggestions',
    ]);
    expect(recorded.calls.filter((c) => c.endpoint === 'problemSave')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'y'.repeat(250) } });
    screen.getByText('200/200');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Wrong amount' } });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(recorded.calls.filter((c) => c.endpoint === 'problemSave').map((c) => c.params)).toEqual(
      [
        {
          problemType: 2,
          problemSonType: null,
          problemDetail: 'Wrong amount',
          problemImage: '',
          orderNo: 'O21',
        },
      ],
    );
    screen.getByRole('dialog', { name: 'Submitted successfully' });
    await act(async () => vi.advanceTimersByTime(1400));
    expect(recorded.navigations).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(150));
    // (The fake env carries its whole query; the browser test shows only the session is carried.)
    expect(recorded.navigations).toHaveLength(1);
    expect(recorded.navigations[0]).toMatchObject({
      path: expect.stringMatching(/^\/complainPage\?userId=10001&sessionId=s1/) as unknown,
      replace: true,
    });
  });

  it('a failed save toasts the server message and shows no success modal', async () => {
    const { recorded } = await renderLayout(layout('complain-page-next'), {
      responses: { problemInit: ok(init), problemSave: serverError(REFUSED, '1003') },
      query,
      routes,
    });
    await screen.findByText('Repayment issue');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Wrong amount' } });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(recorded.toasts.map((t) => t.message)).toEqual([REFUSED]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(2000));
    expect(recorded.navigations).toHaveLength(0);
  });
});
