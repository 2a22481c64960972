import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

/**
 * Input rules and the validate action: the first failing rule's message is what the
 * borrower sees, and the request after validate is never sent while a rule fails.
 */

const PHONE = [{ pattern: '^1[3-9][0-9]{9}$', message: '请正确输入手机号！' }];
const REQUIRED = (message: string) => [{ required: true, message }];

function form(validate: Record<string, unknown>, extra: unknown[] = []) {
  return layoutOf(
    [
      {
        type: 'container',
        id: 'signup',
        children: [
          {
            type: 'input',
            id: 'phone',
            bind: 'phone',
            label: 'Mobile number',
            inputType: 'tel',
            maxLength: 11,
            rules: PHONE,
          },
          {
            type: 'input',
            id: 'capcode',
            bind: 'capcode',
            label: 'Graphic captcha',
            rules: REQUIRED('请正确输入图形验证码！'),
          },
          ...extra,
        ],
      },
      {
        type: 'button',
        label: 'Go',
        onTap: [
          { type: 'validate', ...validate },
          { type: 'http', endpoint: 'getSms', params: { phone: '{{ state.phone }}' } },
        ],
      },
    ],
    { state: { phone: '', capcode: '', code: '', amount: '', hidden: false } },
  );
}

const box = (name: string) => screen.getByRole('textbox', { name });

describe('validate action', () => {
  it('toasts the first failing rule in the order the fields are named and sends nothing; all passing, the list goes on', async () => {
    const { recorded, user } = await renderLayout(form({ fields: ['phone', 'capcode'] }), {
      responses: { getSms: ok({}) },
    });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toEqual(['请正确输入手机号！']),
    );
    await user.type(box('Mobile number'), '12800138000');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(recorded.toasts).toHaveLength(2));
    expect(recorded.toasts[1]?.message).toBe('请正确输入手机号！');
    await user.clear(box('Mobile number'));
    await user.type(box('Mobile number'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(recorded.toasts[2]?.message).toBe('请正确输入图形验证码！'));
    expect(recorded.calls).toEqual([]);

    await user.type(box('Graphic captcha'), 'AB12');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(recorded.calls).toHaveLength(1));
    expect(recorded.calls[0]).toMatchObject({
      endpoint: 'getSms',
      params: { phone: '13800138000' },
    });
    expect(recorded.toasts).toHaveLength(3);
  });

  it('form: checks every field with rules inside the node, in page order', async () => {
    const { recorded, user } = await renderLayout(form({ form: 'signup' }));
    await user.type(box('Mobile number'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() =>
      expect(recorded.toasts.map((t) => t.message)).toEqual(['请正确输入图形验证码！']),
    );
    expect(recorded.calls).toEqual([]);
  });

  it('inline: every failing field shows its message under itself (aria-invalid) until its value changes', async () => {
    const { recorded, user } = await renderLayout(form({ form: 'signup', show: 'inline' }));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      '请正确输入手机号！',
      '请正确输入图形验证码！',
    ]);
    expect(box('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box('Mobile number'));
    expect(recorded.toasts).toEqual([]);
    await user.type(box('Mobile number'), '1');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '请正确输入图形验证码！',
    ]);
    expect(box('Mobile number').getAttribute('aria-invalid')).toBeNull();
    expect(recorded.calls).toEqual([]);
  });

  it('onInvalid runs with message and field in scope, instead of a toast with show none', async () => {
    const layout = form(
      {
        fields: ['capcode'],
        show: 'none',
        onInvalid: [{ type: 'setState', path: 'code', value: '{{ field }}: {{ message }}' }],
      },
      [{ type: 'text', text: 'Last: {{ state.code }}' }],
    );
    const { recorded, user } = await renderLayout(layout);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('Last: capcode: 请正确输入图形验证码！');
    expect(recorded.toasts).toEqual([]);
    expect(recorded.calls).toEqual([]);
  });

  it('a field that is not on screen is not checked', async () => {
    const layout = form({ fields: ['code'] }, [
      {
        type: 'input',
        id: 'code',
        visible: '{{ state.hidden }}',
        bind: 'code',
        label: 'Code',
        rules: REQUIRED('Enter the code'),
      },
    ]);
    const { recorded, user } = await renderLayout(layout, { responses: { getSms: ok({}) } });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(recorded.calls).toHaveLength(1));
    expect(recorded.toasts).toEqual([]);
  });

  it('money rules compare cents; digits, minLength and maxLength count what was typed; an enum picker must be chosen', async () => {
    const layout = layoutOf(
      [
        {
          type: 'input',
          id: 'amount',
          bind: 'amount',
          label: 'Amount',
          inputType: 'money',
          rules: [
            { required: true, message: 'Enter an amount' },
            {
              min: 10000,
              max: '{{ state.max }}',
              message: 'From 100,00 to {{ money(state.max) }}',
            },
          ],
        },
        {
          type: 'input',
          id: 'pin',
          bind: 'pin',
          label: 'PIN',
          rules: [
            { digits: true, message: 'Digits only' },
            { minLength: 4, maxLength: 6, message: '4 to 6 digits' },
          ],
        },
        {
          type: 'enum-picker',
          id: 'bank',
          bind: 'bank',
          label: 'Bank',
          options: [{ name: 'CRDB Bank', type: 'CRDB' }],
          rules: [{ required: true, message: 'Choose a bank' }],
        },
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            { type: 'validate', fields: ['amount', 'pin', 'bank'] },
            { type: 'toast', message: 'valid' },
          ],
        },
      ],
      { state: { amount: '', pin: '', bank: null, max: 500000 } },
    );
    const { recorded, user } = await renderLayout(layout);
    const pay = () => user.click(screen.getByRole('button', { name: 'Pay' }));
    const last = () => recorded.toasts[recorded.toasts.length - 1]?.message;
    await pay();
    await waitFor(() => expect(last()).toBe('Enter an amount'));
    await user.type(box('Amount'), '99,99');
    await pay();
    await waitFor(() => expect(last()).toBe('From 100,00 to 5.000,00'));
    await user.clear(box('Amount'));
    await user.type(box('Amount'), '5000,01');
    await pay();
    await waitFor(() => expect(recorded.toasts).toHaveLength(3));
    expect(last()).toBe('From 100,00 to 5.000,00');
    await user.clear(box('Amount'));
    await user.type(box('Amount'), '5000');
    await user.type(box('PIN'), '12a4');
    await pay();
    await waitFor(() => expect(last()).toBe('Digits only'));
    await user.clear(box('PIN'));
    await user.type(box('PIN'), '123');
    await pay();
    await waitFor(() => expect(last()).toBe('4 to 6 digits'));
    await user.type(box('PIN'), '4');
    await pay();
    await waitFor(() => expect(last()).toBe('Choose a bank'));
    await user.click(screen.getByRole('button', { name: /Bank/ }));
    await user.click(screen.getByRole('radio', { name: 'CRDB Bank' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await pay();
    await waitFor(() => expect(last()).toBe('valid'));
  });
});
