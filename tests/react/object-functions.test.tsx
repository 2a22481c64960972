import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import bindBank from '../../layouts/bind-bank.json';
import { layoutOf, ok, renderLayout, serverError } from '../support/renderLayout';

/**
 * A form keyed by codes that come from the server: the bind-bank layout (its server-form widget
 * presets, filters and collects the items) and, in the last test, the object functions
 * (toObject, merge, pick) written out in a layout. Through the renderer and a fake host, so every
 * call and bridge command is recorded.
 */

const opt = (name: string, type: string) => ({ name, type });
const item = (over: Record<string, unknown>) => ({
  subtitle: '',
  cate: 'text',
  type: '',
  value: '',
  note: [],
  inputType: 0,
  cardTypeMi: 0,
  channelNumber: null,
  ...over,
});

const ITEMS = [
  item({
    code: 'cardType',
    title: 'Account type',
    cate: 'enum',
    type: '1',
    value: '1',
    note: [opt('Mobile wallet', '1'), opt('Bank card', '2')],
  }),
  item({
    code: 'channelNumber',
    title: 'Wallet provider',
    cate: 'enum',
    type: '90006',
    value: '90006',
    note: [opt('M-Pesa', '90006'), opt('Tigo Pesa', '90007')],
    cardTypeMi: 1,
  }),
  item({
    code: 'walletPhone',
    title: 'Wallet phone number',
    inputType: 1,
    cardTypeMi: 1,
    value: '0712000000',
  }),
  item({
    code: 'mpesaName',
    title: 'M-Pesa registered name',
    cardTypeMi: 1,
    channelNumber: '90006',
  }),
  item({
    code: 'bankName',
    title: 'Bank',
    cate: 'enum',
    type: 'NMB',
    value: 'CRDB',
    note: [opt('CRDB Bank', 'CRDB'), opt('NMB Bank', 'NMB')],
    cardTypeMi: 2,
  }),
  item({ code: 'cardNo', title: 'Bank account number', inputType: 1, cardTypeMi: 2 }),
  item({ code: 'holderName', title: 'Account holder name', cardTypeMi: null }),
];

async function renderForm(
  items: unknown[] = ITEMS,
  query: Record<string, string> = { userId: '10001', sessionId: 's1', productId: 'P9' },
) {
  return renderLayout(bindBank, {
    query,
    responses: {
      cardInit: (params) => ok({ items, product_id: params.product_id }),
      saveBankInfo: ok({ ok: true }),
      cardChange: ok({ ok: true }),
    },
  });
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('a server-keyed form (bind-bank layout, object functions)', () => {
  it('presets each field from card-init: text items from value, enum items from type', async () => {
    const { recorded } = await renderForm();
    await waitFor(() => expect(box('Wallet phone number').value).toBe('0712000000'));
    expect(recorded.calls[0]).toMatchObject({ endpoint: 'cardInit', params: { product_id: 'P9' } });
    expect(screen.getByRole('button', { name: /Wallet provider/ }).textContent).toContain('M-Pesa');
    // Hidden until card type 2; then preset to its type NMB, not its value CRDB.
    expect(screen.queryByRole('button', { name: /^Bank/ })).toBeNull();
  });

  it('sends only the fields that apply to the chosen card type and channel, by code', async () => {
    const { recorded, user } = await renderForm();
    await waitFor(() => expect(box('Wallet phone number').value).toBe('0712000000'));
    await user.type(box('M-Pesa registered name'), 'Asha');
    await user.type(box('Account holder name'), 'Asha M');
    await user.click(screen.getByRole('tab', { name: 'Bank card' }));
    expect(screen.getByRole('button', { name: /^Bank/ }).textContent).toContain('NMB Bank');
    await user.type(box('Bank account number'), '12a34');
    expect(box('Bank account number').value).toBe('1234');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(recorded.bridge.map((b) => b.action)).toEqual([
        'bankStepStart',
        'bankStepEnd',
        'closeWebView',
      ]),
    );
    const save = recorded.calls.find((c) => c.endpoint === 'saveBankInfo');
    expect(save?.params).toEqual({
      product_id: 'P9',
      cardType: 2,
      channelNumber: undefined,
      fields: { bankName: 'NMB', cardNo: '1234', holderName: 'Asha M' },
    });
    expect(JSON.parse(JSON.stringify(save?.params))).not.toHaveProperty('channelNumber');
  });

  it('a channel confirmed in card type 1 becomes the channel number and hides the other channel items', async () => {
    const { recorded, user } = await renderForm(ITEMS, {
      userId: '10001',
      sessionId: 's1',
      product_id: 'P7',
      source: 'loanDetail',
    });
    await waitFor(() => expect(box('Wallet phone number').value).toBe('0712000000'));
    await user.click(screen.getByRole('button', { name: /Wallet provider/ }));
    const sheet = screen.getByRole('dialog');
    await user.click(within(sheet).getByRole('radio', { name: 'Tigo Pesa' }));
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('textbox', { name: 'M-Pesa registered name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(recorded.navigations).toHaveLength(1));
    expect(recorded.navigations[0]?.path).toMatch(/^\/order\?.*source=loanDetail/);
    const change = recorded.calls.find((c) => c.endpoint === 'cardChange');
    expect(change?.params).toEqual({
      product_id: 'P7',
      cardType: 1,
      channelNumber: '90007',
      fields: { walletPhone: '0712000000', holderName: '' },
    });
    expect(recorded.calls.some((c) => c.endpoint === 'saveBankInfo')).toBe(false);
  });

  it('items that omit channelNumber and cardTypeMi (absent, not null) still send every entered field', async () => {
    // A server that leaves optional fields out instead of sending null.
    const omitted = ITEMS.map((i) => {
      const copy: Record<string, unknown> = { ...i };
      if (copy.channelNumber === null) delete copy.channelNumber;
      if (copy.cardTypeMi === null || copy.cardTypeMi === 0) delete copy.cardTypeMi;
      return copy;
    });
    expect(omitted.filter((i) => 'channelNumber' in i).map((i) => i.code)).toEqual(['mpesaName']);
    expect(omitted.filter((i) => !('cardTypeMi' in i)).map((i) => i.code)).toEqual([
      'cardType',
      'holderName',
    ]);
    const { recorded, user } = await renderForm(omitted);
    await waitFor(() => expect(box('Wallet phone number').value).toBe('0712000000'));
    await user.type(box('M-Pesa registered name'), 'Asha');
    await user.type(box('Account holder name'), 'Asha M');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(recorded.bridge.map((b) => b.action)).toEqual([
        'bankStepStart',
        'bankStepEnd',
        'closeWebView',
      ]),
    );
    const save = recorded.calls.find((c) => c.endpoint === 'saveBankInfo');
    expect(save?.params).toEqual({
      product_id: 'P9',
      cardType: 1,
      channelNumber: '90006',
      fields: { walletPhone: '0712000000', mpesaName: 'Asha', holderName: 'Asha M' },
    });
  });

  it('a server error is toasted and the values stay', async () => {
    const { recorded, user } = await renderLayout(bindBank, {
      query: { productId: 'P9' },
      responses: {
        cardInit: ok({ items: ITEMS, product_id: 'P9' }),
        saveBankInfo: serverError('Account rejected'),
      },
    });
    await waitFor(() => expect(box('Wallet phone number').value).toBe('0712000000'));
    await user.type(box('Account holder name'), 'Neema');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toContain('Account rejected'),
    );
    expect(box('Account holder name').value).toBe('Neema');
    expect(box('Wallet phone number').value).toBe('0712000000');
    // The bank step started when the page opened (onLoad) and did not end.
    expect(recorded.bridge.map((b) => b.action)).toEqual(['bankStepStart']);
    expect(recorded.navigations).toEqual([]);
  });

  it('codes that name prototype keys never reach the state or the request', async () => {
    const hostile = [
      item({ code: '__proto__', title: 'Proto', value: 'x' }),
      item({ code: 'constructor', title: 'Ctor', value: 'y' }),
      item({ code: 'holderName', title: 'Account holder name', value: 'Ann' }),
    ];
    const { recorded, user } = await renderLayout(
      layoutOf(
        [
          { type: 'text', text: 'Keys: {{ join(map([state.form], "holderName"), "") }}' },
          {
            type: 'button',
            label: 'Send',
            onTap: [
              {
                type: 'http',
                endpoint: 'saveBankInfo',
                params: { fields: '{{ pick(state.form, map(data.bank.items, "code")) }}' },
              },
            ],
          },
        ],
        {
          state: { form: {} },
          dataSources: {
            bank: {
              endpoint: 'cardInit',
              params: {},
              onSuccess: [
                {
                  type: 'setState',
                  path: 'form',
                  value: "{{ merge(state.form, toObject(data.bank.items, 'code', 'value')) }}",
                },
              ],
            },
          },
        },
      ),
      {
        responses: {
          cardInit: ok({ items: hostile, product_id: 'P1' }),
          saveBankInfo: ok({ ok: true }),
        },
      },
    );
    await screen.findByText('Keys: Ann');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(recorded.calls.some((c) => c.endpoint === 'saveBankInfo')).toBe(true),
    );
    const fields = recorded.calls.find((c) => c.endpoint === 'saveBankInfo')?.params
      .fields as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual(['holderName']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
