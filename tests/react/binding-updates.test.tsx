/**
 * Bindings that read only config, query, locals or messages are not subscribed to the
 * page store (src/runtime/storeReads.ts). They still show their values, the ones that read the
 * store still follow it, and a list's rows still follow new data through their locals.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

describe('bound texts after a state change and a reload', () => {
  it('keeps config, query, message and row texts right while state-bound texts follow the store', async () => {
    let round = 0;
    const layout = layoutOf(
      [
        { type: 'text', text: "{{ t('repay.title') }}" },
        { type: 'text', text: 'Currency {{ config.currencyLabel }}' },
        { type: 'text', text: 'Order {{ query.orderId }}' },
        { type: 'text', text: 'Count {{ state.count }}' },
        {
          type: 'repeat',
          items: '{{ data.list.items }}',
          template: [{ type: 'text', text: 'Row {{ item.name }} of {{ query.orderId }}' }],
        },
        {
          type: 'button',
          label: 'More',
          onTap: [{ type: 'setState', path: 'count', value: '{{ state.count + 1 }}' }],
        },
        { type: 'button', label: 'Refresh', onTap: [{ type: 'reload', source: 'list' }] },
      ],
      { state: { count: 1 }, dataSources: { list: { endpoint: 'installmentPlan' } } },
    );
    const { user, recorded } = await renderLayout(layout, {
      query: { userId: '10001', sessionId: 's1', orderId: 'O7' },
      responses: {
        installmentPlan: () =>
          ok({ items: round++ === 0 ? [{ name: 'A' }] : [{ name: 'B' }, { name: 'C' }] }),
      },
    });
    await screen.findByText('Row A of O7');
    screen.getByText('Repayment Details');
    screen.getByText('Currency TZS');
    screen.getByText('Order O7');
    screen.getByText('Count 1');
    await user.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByText('Count 2');
    screen.getByText('Repayment Details');
    screen.getByText('Order O7');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Row C of O7');
    screen.getByText('Row B of O7');
    expect(screen.queryByText('Row A of O7')).toBeNull();
    screen.getByText('Count 2');
    expect(recorded.reports).toEqual([]);
  });
});
