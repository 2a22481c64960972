import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import {
  collectValues,
  itemShown,
  presetValues,
  toFormItems,
} from '../../src/react/widgets/server-form/formItems';

/**
 * The server-driven form (widgets/server-form): any server list of form items is rendered,
 * preset, filtered and collected by code, ready for the save call.
 */

const opt = (name: string, type: string) => ({ name, type });
/** A form that is not the bank form: a loan purpose questionnaire keyed by a region field. */
const ITEMS = [
  {
    code: 'kind',
    title: 'Applicant',
    cate: 'enum',
    type: 'P',
    note: [opt('Person', 'P'), opt('Company', 'C')],
  },
  {
    code: 'purpose',
    title: 'Purpose',
    subtitle: 'Why you borrow',
    cate: 'enum',
    type: 'EDU',
    note: [opt('School fees', 'EDU'), opt('Stock', 'STK')],
  },
  {
    code: 'income',
    title: 'Monthly income',
    subtitle: 'In TZS',
    cate: 'text',
    inputType: 1,
    value: '250000',
    region: 0,
  },
  { code: 'company', title: 'Company name', cate: 'text', value: '', applicant: 'C' },
  {
    code: 'district',
    title: 'District',
    cate: 'pick',
    note: [opt('Ilala', 'IL'), opt('Kinondoni', 'KI')],
    region: 'DAR',
  },
  { code: 'constructor', title: 'Hostile', cate: 'text', value: 'x' },
];

function layout(match: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return layoutOf(
    [
      {
        type: 'server-form',
        id: 'survey',
        items: '{{ data.form.items }}',
        bind: 'answers',
        collect: 'fields',
        omit: ['kind'],
        tabs: ['kind'],
        pickerKinds: ['enum', 'pick'],
        match,
        ...extra,
      },
      {
        type: 'button',
        label: 'Save',
        onTap: [
          {
            type: 'http',
            endpoint: 'saveBankInfo',
            params: { kind: '{{ state.answers.kind }}', fields: '{{ state.fields }}' },
          },
        ],
      },
    ],
    {
      state: { answers: { purpose: 'STK' }, fields: {}, region: 'DAR' },
      dataSources: { form: { endpoint: 'cardInit', params: {} } },
    },
  );
}

describe('server-form widget', () => {
  it('renders tabs, pickers preset by type and inputs preset by value; collects the shown values by code', async () => {
    const { recorded, user } = await renderLayout(
      layout({ applicant: '{{ state.answers.kind }}', region: '{{ state.region }}' }),
      {
        responses: { cardInit: ok({ items: ITEMS, product_id: 'P1' }), saveBankInfo: ok({}) },
      },
    );
    expect(await screen.findByRole('tab', { name: 'Person' })).toHaveProperty(
      'ariaSelected',
      'true',
    );
    // The server's preset (type EDU) wins over the layout's default STK.
    expect(screen.getByRole('button', { name: /Purpose/ }).textContent).toContain('School fees');
    expect(
      (screen.getByRole('textbox', { name: 'Monthly income' }) as HTMLInputElement).value,
    ).toBe('250000');
    expect(screen.getByRole('textbox', { name: 'Monthly income' }).getAttribute('inputmode')).toBe(
      'numeric',
    );
    expect(
      screen.getByRole('textbox', { name: 'Monthly income' }).getAttribute('placeholder'),
    ).toBe('In TZS');
    expect(screen.queryByRole('textbox', { name: 'Company name' })).toBeNull();
    expect(screen.getByRole('button', { name: /District/ }).textContent).toContain('Please select');
    expect(screen.queryByText('Hostile')).toBeNull();

    await user.click(screen.getByRole('button', { name: /District/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Kinondoni' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('tab', { name: 'Company' }));
    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Asha Ltd');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(recorded.calls.some((c) => c.endpoint === 'saveBankInfo')).toBe(true),
    );
    expect(recorded.calls.find((c) => c.endpoint === 'saveBankInfo')?.params).toEqual({
      kind: 'C',
      fields: { purpose: 'EDU', income: '250000', company: 'Asha Ltd', district: 'KI' },
    });
  });

  it('a match value of null hides the items that name one; switching back keeps what was typed', async () => {
    const { recorded, user } = await renderLayout(
      layout({ applicant: '{{ state.answers.kind }}', region: null }),
      {
        responses: { cardInit: ok({ items: ITEMS, product_id: 'P1' }), saveBankInfo: ok({}) },
      },
    );
    await screen.findByRole('tab', { name: 'Company' });
    expect(screen.queryByRole('button', { name: /District/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Company' }));
    await user.type(await screen.findByRole('textbox', { name: 'Company name' }), 'Juma');
    await user.click(screen.getByRole('tab', { name: 'Person' }));
    expect(screen.queryByRole('textbox', { name: 'Company name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(recorded.calls.some((c) => c.endpoint === 'saveBankInfo')).toBe(true),
    );
    expect(recorded.calls.find((c) => c.endpoint === 'saveBankInfo')?.params.fields).toEqual({
      purpose: 'EDU',
      income: '250000',
    });
    await user.click(screen.getByRole('tab', { name: 'Company' }));
    expect((screen.getByRole('textbox', { name: 'Company name' }) as HTMLInputElement).value).toBe(
      'Juma',
    );
  });

  it('codes picks and orders the items a screen shows', async () => {
    await renderLayout(layout({}, { codes: ['income', 'purpose'] }), {
      responses: { cardInit: ok({ items: ITEMS, product_id: 'P1' }) },
    });
    await screen.findByRole('textbox', { name: 'Monthly income' });
    const labels = [...document.querySelectorAll('.k-server-form__item')].map((el) =>
      el.getAttribute('data-code'),
    );
    expect(labels).toEqual(['income', 'purpose']);
  });

  it('server text is shown as text: a title holding {{ }} is not evaluated', async () => {
    const items = [{ code: 'nick', title: '{{ state.region }}', cate: 'text', value: '' }];
    await renderLayout(layout({}), { responses: { cardInit: ok({ items, product_id: 'P1' }) } });
    await screen.findByRole('textbox', { name: '{{ state.region }}' });
  });
});

describe('server-form with validate', () => {
  it('rules the server sends with an item are checked by a validate naming the form; hidden items are not', async () => {
    const items = [
      {
        code: 'phone',
        title: 'Wallet phone',
        cate: 'text',
        inputType: 1,
        value: '',
        rules: [{ minLength: 9, message: 'Please enter a valid phone number.' }, 'junk'],
      },
      {
        code: 'branch',
        title: 'Branch',
        cate: 'text',
        value: '',
        region: 'ARU',
        rules: [{ required: true, message: 'Branch needed' }],
      },
    ];
    const page = layoutOf(
      [
        {
          type: 'server-form',
          id: 'wallet',
          items: '{{ data.form.items }}',
          bind: 'answers',
          collect: 'fields',
          match: { region: 'DAR' },
        },
        {
          type: 'button',
          label: 'Save',
          onTap: [
            { type: 'validate', form: 'wallet' },
            { type: 'http', endpoint: 'saveBankInfo', params: { fields: '{{ state.fields }}' } },
          ],
        },
      ],
      {
        state: { answers: {}, fields: {} },
        dataSources: { form: { endpoint: 'cardInit', params: {} } },
      },
    );
    const { recorded, user } = await renderLayout(page, {
      responses: { cardInit: ok({ items, product_id: 'P1' }), saveBankInfo: ok({}) },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Wallet phone' }), '0712');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toEqual(['Please enter a valid phone number.']),
    );
    expect(recorded.calls.some((c) => c.endpoint === 'saveBankInfo')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Wallet phone' }), '34567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(recorded.calls.find((c) => c.endpoint === 'saveBankInfo')?.params).toEqual({
        fields: { phone: '071234567' },
      }),
    );
  });
});

describe('server form items (pure)', () => {
  const config = { tabs: ['kind'], pickerKinds: ['enum'], pickerPlaceholder: 'Please select' };
  it('leaves out entries without a plain code, repeated codes and prototype keys', () => {
    const items = toFormItems(
      [
        { code: 'a' },
        { code: 'a' },
        { code: '__proto__' },
        { code: 'b c' },
        null,
        'x',
        { title: 'no code' },
        { code: 'prototype' },
      ],
      config,
    );
    expect(items.map((i) => i.code)).toEqual(['a']);
    expect(toFormItems({ items: [] }, config)).toEqual([]);
  });

  it('"0 or null means all": absent, null, 0, "0" and "" filter fields apply everywhere; 1 equals "1"', () => {
    const [all, zero, one, two] = toFormItems(
      [{ code: 'a' }, { code: 'b', t: 0 }, { code: 'c', t: '1' }, { code: 'd', t: 2 }],
      config,
    );
    const on = (t: unknown) =>
      [all, zero, one, two].filter((i) => i && itemShown(i, { t })).map((i) => i?.code);
    expect(on(1)).toEqual(['a', 'b', 'c']);
    expect(on('2')).toEqual(['a', 'b', 'd']);
    expect(on(null)).toEqual(['a', 'b']);
  });

  it('presets: a non-empty preset replaces the value held, an empty one only fills a missing key', () => {
    const items = toFormItems(
      [
        { code: 'kind', cate: 'enum', type: '1', value: '9' },
        { code: 'name', value: '' },
        { code: 'city', value: 'DAR' },
      ],
      config,
    );
    expect(presetValues({ kind: '2', name: 'Ann', other: 1, __proto__: { x: 1 } }, items)).toEqual({
      kind: '1',
      name: 'Ann',
      other: 1,
      city: 'DAR',
    });
    expect(collectValues({ kind: '1', name: 'Ann', city: 'DAR' }, items, ['kind'])).toEqual({
      name: 'Ann',
      city: 'DAR',
    });
  });
});
