import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/cell-list.json';

const XSS = '<img src=x onerror=alert(1)>';

/** Each line as "title=value", read from the rendered description list. */
function lines(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.k-cell-list__row')].map(
    (row) =>
      `${row.querySelector('dt')?.textContent ?? ''}=${row.querySelector('dd')?.textContent ?? ''}`,
  );
}

describe('cell-list widget', () => {
  it('shows title/value lines from a data list, then static rows with bindings', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'cell-list',
            items: '{{ data.order.detailList }}',
            rows: [
              { title: 'Total', value: '{{ data.order.total / 100 }} TZS' },
              { title: 'Hidden', value: 'x', visible: false },
            ],
          },
        ],
        { dataSources: { order: { endpoint: 'loanDetails' } } },
      ),
      {
        responses: {
          loanDetails: ok({
            total: 150000,
            detailList: [
              { title: 'Loan amount', value: '1,000' },
              { title: 'Days', value: 7 },
            ],
          }),
        },
      },
    );
    await screen.findByText('Loan amount');
    expect(lines(container)).toEqual(['Loan amount=1,000', 'Days=7', 'Total=1500 TZS']);
    expect(screen.queryByText('Hidden')).toBeNull();
  });

  it('reads other field names (text/value lists of the spec)', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'cell-list',
            items: '{{ state.fees }}',
            titleField: 'text',
            valueField: 'amount',
            divider: true,
          },
        ],
        {
          state: {
            fees: [
              { text: 'Deferral fee', amount: '50' },
              { text: 'Service fee', amount: null },
            ],
          },
        },
      ),
    );
    expect(lines(container)).toEqual(['Deferral fee=50', 'Service fee=']);
    expect(container.querySelector('.k-cell-list--divider')).not.toBeNull();
  });

  it('does not read inherited fields or dump objects', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'cell-list', items: '{{ state.rows }}', titleField: 'constructor' }], {
        state: { rows: [{ value: { nested: 1 } }] },
      }),
    );
    expect(lines(container)).toEqual(['=']);
  });

  it('renders nothing without items or rows', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'cell-list', items: '{{ state.none }}' }]),
    );
    expect(container.querySelector('.k-cell-list')).toBeNull();
  });

  it('shows API strings and layout text as literal text, never as bindings or HTML (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'cell-list',
            items: '{{ state.rows }}',
            rows: [{ title: XSS, value: '"><svg onload=alert(1)>' }],
          },
        ],
        {
          state: { rows: [{ title: XSS, value: '{{ state.secret }}' }], secret: 'leak' },
        },
      ),
    );
    expect(lines(container)).toEqual([
      `${XSS}={{ state.secret }}`,
      `${XSS}="><svg onload=alert(1)>`,
    ]);
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded } = await renderLayout(example);
    screen.getByText('Deferral fee');
    screen.getByText('Rollover Amount');
    expect(recorded.reports).toEqual([]);
  });
});
