import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import variant from '../../layouts/repayment-of-code-2.json';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

/**
 * entries(obj) turns a server map into a list a repeat can walk: the variant repayment-by-code
 * screen groups its payment instructions by the keys of defDetail.payNotice.
 */

const INFO = {
  type: 1,
  repayAmount: 4_400_000,
  delayInfo: { delayAmount: 300_000 },
  currencyFlag: 0,
  payCode: 'KP1',
  channelImage: '',
  qrContent: 'x',
  defDetail: {
    logo: '/assets/demo/pay-logo.svg',
    payCode: 'KP-CONTRACT-9',
    payNotice: {
      'Mobile money': [
        { name: 'M-Pesa', steps: ['Dial *150*00#', 'Pay bill 400200'] },
        { name: 'Tigo Pesa', steps: ['Dial *150*01#'] },
      ],
      '<b>Bank</b>': [{ name: 'CRDB agent', steps: ['Keep the deposit slip'] }],
    },
  },
};

describe('entries() in a repeat', () => {
  it('renders one group per key of a map, in key order, with nested channel and step lists', async () => {
    const { container } = await renderLayout(variant, {
      query: { orderId: 'O1' },
      responses: { repaymentCodeInfo: ok(INFO) },
    });
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((h) => h.textContent)).toEqual([
      'Payment instructions',
      'Mobile money',
      '<b>Bank</b>',
    ]);
    expect(
      [...container.querySelectorAll('[data-node-id="channelName"]')].map((n) => n.textContent),
    ).toEqual(['M-Pesa', 'Tigo Pesa', 'CRDB agent']);
    expect(
      [...container.querySelectorAll('[data-node-id="step"]')].map((n) => n.textContent),
    ).toEqual([
      '1. Dial *150*00#',
      '2. Pay bill 400200',
      '1. Dial *150*01#',
      '1. Keep the deposit slip',
    ]);
    // A key is data: shown as text, never as markup.
    expect(container.querySelector('b')).toBeNull();
    screen.getByText('TZS 44.000,00');
    screen.getByText('KP-CONTRACT-9');
  });

  it('renders nothing for a value that is not an object', async () => {
    await renderLayout(
      layoutOf(
        [
          { type: 'text', text: 'start' },
          {
            type: 'repeat',
            items: '{{ entries(state.m) }}',
            template: [{ type: 'text', text: '{{ item.key }}={{ item.value }}' }],
            empty: [{ type: 'text', text: 'none' }],
          },
          {
            type: 'repeat',
            items: '{{ entries(state.o) }}',
            template: [{ type: 'text', text: '{{ item.key }}={{ item.value }}' }],
          },
        ],
        { state: { m: [1, 2], o: { a: 1, b: 'two' } } },
      ),
    );
    await screen.findByText('none');
    screen.getByText('a=1');
    screen.getByText('b=two');
  });
});
