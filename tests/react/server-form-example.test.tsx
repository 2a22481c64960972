import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/server-form.json';

/** layouts/_examples/server-form.json, the documented example: part of card-init's bank form. */
const opt = (name: string, type: string) => ({ name, type });
const CARD_INIT_ITEMS = [
  {
    code: 'cardType',
    title: 'Account type',
    cate: 'enum',
    type: '1',
    value: '1',
    note: [opt('Mobile wallet', '1'), opt('Bank card', '2')],
    cardTypeMi: 0,
  },
  {
    code: 'channelNumber',
    title: 'Wallet provider',
    cate: 'enum',
    type: '90006',
    note: [opt('M-Pesa', '90006'), opt('Tigo Pesa', '90007')],
    cardTypeMi: 1,
  },
  {
    code: 'walletPhone',
    title: 'Wallet phone number',
    cate: 'text',
    inputType: 1,
    value: '',
    cardTypeMi: 1,
  },
  {
    code: 'mpesaName',
    title: 'M-Pesa registered name',
    cate: 'text',
    value: '',
    cardTypeMi: 1,
    channelNumber: '90006',
  },
  {
    code: 'bankName',
    title: 'Bank',
    cate: 'enum',
    type: 'CRDB',
    note: [opt('CRDB Bank', 'CRDB')],
    cardTypeMi: 2,
  },
];

describe('server-form example', () => {
  it('shows only the listed codes, hides the M-Pesa name for another provider and saves the shown wallet fields', async () => {
    const { recorded, user } = await renderLayout(example, {
      query: { product_id: 'P002' },
      responses: {
        cardInit: ok({ items: CARD_INIT_ITEMS, product_id: 'P002' }),
        saveBankInfo: ok({}),
      },
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Wallet phone number' }),
      '0712345678',
    );
    expect(
      (screen.getByRole('textbox', { name: 'M-Pesa registered name' }) as HTMLInputElement).value,
    ).toBe('');
    expect(screen.queryByRole('tab', { name: 'Mobile wallet' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Bank/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Wallet provider/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Tigo Pesa' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'M-Pesa registered name' })).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'Save wallet' }));
    await waitFor(() =>
      expect(recorded.calls.find((c) => c.endpoint === 'saveBankInfo')?.params).toEqual({
        product_id: 'P002',
        cardType: 1,
        channelNumber: '90007',
        fields: { walletPhone: '0712345678' },
      }),
    );
  });
});
