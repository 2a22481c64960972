import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/input.json';

const XSS = '<img src=x onerror=alert(1)>';

/** A text node that shows a state value, so tests assert on what other bound nodes see. */
const show = (path: string) => ({ type: 'text', id: 'mirror', text: `[{{ state.${path} }}]` });

describe('input widget', () => {
  it('is named by its visible label and writes the typed text to state', async () => {
    const { user } = await renderLayout(
      layoutOf([{ type: 'input', bind: 'form.name', label: 'Account name' }, show('form.name')], {
        state: { form: {} },
      }),
    );
    await user.type(screen.getByLabelText('Account name'), 'Amina J');
    screen.getByText('[Amina J]');
  });

  it('numeric: strips non-digits as typed and pasted, and uses the digit keyboard (spec 5)', async () => {
    const { user } = await renderLayout(
      layoutOf([
        { type: 'input', bind: 'accountNo', inputType: 'numeric', label: 'Account number' },
        show('accountNo'),
      ]),
    );
    const field = screen.getByLabelText<HTMLInputElement>('Account number');
    expect(field.inputMode).toBe('numeric');
    await user.type(field, '12a3-4 5x');
    expect(field.value).toBe('12345');
    await user.click(field);
    await user.paste('６7b8'); // a full-width digit is not an ASCII digit
    expect(field.value).toBe('1234578');
    screen.getByText('[1234578]');
  });

  it('numeric with max: a value at or above max becomes max, read from a binding (spec 5 Edited amount)', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'input',
            bind: 'amount',
            inputType: 'numeric',
            label: 'Amount',
            max: '{{ data.plan.amountMax }}',
            placeholder: '{{ data.plan.amountMin }} - {{ data.plan.amountMax }}',
          },
          show('amount'),
        ],
        { dataSources: { plan: { endpoint: 'installmentPlan' } } },
      ),
      { responses: { installmentPlan: ok({ amountMax: 5000, amountMin: 100 }) } },
    );
    const field = await screen.findByLabelText<HTMLInputElement>('Amount');
    expect(field.placeholder).toBe('100 - 5000');
    await user.type(field, '4999');
    expect(field.value).toBe('4999');
    await user.clear(field);
    await user.type(field, '5000');
    expect(field.value).toBe('5000');
    await user.type(field, '7');
    expect(field.value).toBe('5000');
    await user.clear(field);
    await user.type(field, '99999');
    screen.getByText('[5000]');
  });

  it('card format: digits grouped in fours, state keeps the digits only', async () => {
    const { user } = await renderLayout(
      layoutOf([
        { type: 'input', bind: 'card', format: 'card', label: 'Card number' },
        show('card'),
      ]),
    );
    const field = screen.getByLabelText<HTMLInputElement>('Card number');
    await user.type(field, '6222x0212345678901');
    expect(field.value).toBe('6222 0212 3456 7890 1');
    screen.getByText('[62220212345678901]');
  });

  it('phone format: 3-4-4 with at most 11 digits', async () => {
    const { user } = await renderLayout(
      layoutOf([{ type: 'input', bind: 'phone', format: 'phone', label: 'Phone' }, show('phone')]),
    );
    const field = screen.getByLabelText<HTMLInputElement>('Phone');
    expect(field.type).toBe('tel');
    await user.type(field, '138-1234-56789999');
    expect(field.value).toBe('138 1234 5678');
    screen.getByText('[13812345678]');
  });

  it('maxLength: extra input is ignored', async () => {
    const { user } = await renderLayout(
      layoutOf([{ type: 'input', bind: 'code', label: 'Code', maxLength: 4 }]),
    );
    const field = screen.getByLabelText<HTMLInputElement>('Code');
    await user.type(field, 'abcdef');
    expect(field.value).toBe('abcd');
  });

  it('shows a number already in state and runs onChange with the new value', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf(
        [
          {
            type: 'input',
            bind: 'amount',
            inputType: 'numeric',
            label: 'Amount',
            onChange: [{ type: 'setState', path: 'echo', value: 'got {{ value }}' }],
          },
          show('echo'),
        ],
        { state: { amount: 12 } },
      ),
    );
    const field = screen.getByLabelText<HTMLInputElement>('Amount');
    expect(field.value).toBe('12');
    await user.type(field, '3');
    screen.getByText('[got 123]');
    expect(recorded.reports).toEqual([]);
  });

  it('is disabled by a condition', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [{ type: 'input', bind: 'x', label: 'Locked', disabled: '{{ state.locked }}' }, show('x')],
        { state: { locked: true, x: 'keep' } },
      ),
    );
    const field = screen.getByLabelText<HTMLInputElement>('Locked');
    expect(field.disabled).toBe(true);
    await user.type(field, 'zz');
    screen.getByText('[keep]');
  });

  it('bindKey gives each server form item its own slot', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ data.card.items }}',
            template: [
              {
                type: 'input',
                bind: 'form',
                bindKey: '{{ item.code }}',
                label: '{{ item.title }}',
              },
            ],
          },
          { type: 'text', text: '[{{ state.form.accountNo }}|{{ state.form.holder }}]' },
        ],
        { dataSources: { card: { endpoint: 'cardInit' } }, state: { form: {} } },
      ),
      {
        responses: {
          cardInit: ok({
            items: [
              { code: 'accountNo', title: 'Account' },
              { code: 'holder', title: 'Holder' },
            ],
          }),
        },
      },
    );
    await user.type(await screen.findByLabelText('Account'), '77');
    await user.type(screen.getByLabelText('Holder'), 'Juma');
    screen.getByText('[77|Juma]');
  });

  it('a bindKey that is not a plain name writes nothing and is reported', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf(
        [
          { type: 'input', bind: 'form', bindKey: '{{ state.k }}', label: 'Field' },
          { type: 'text', text: '[{{ state.form.polluted }}]' },
        ],
        {
          state: { k: '__proto__"].polluted', form: {} },
        },
      ),
    );
    await user.type(screen.getByLabelText('Field'), 'x');
    screen.getByText('[]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(recorded.reports.some((r) => r.pointer === '/body/0/bindKey')).toBe(true);
  });

  it('shows label, placeholder and typed HTML as literal text (SECURITY 1)', async () => {
    const { user, container } = await renderLayout(
      layoutOf([{ type: 'input', bind: 'x', label: XSS, placeholder: XSS }, show('x')]),
    );
    const field = screen.getByLabelText<HTMLInputElement>(XSS);
    expect(field.placeholder).toBe(XSS);
    await user.type(field, '"><svg onload=alert(1)>');
    screen.getByText('["><svg onload=alert(1)>]');
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded, user } = await renderLayout(example);
    expect(screen.getByLabelText<HTMLInputElement>('Account name').disabled).toBe(true);
    await user.type(screen.getByLabelText('Amount'), '999999');
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('500000');
    expect(screen.getByLabelText<HTMLInputElement>('Account name').disabled).toBe(false);
    expect(recorded.reports).toEqual([]);
  });
});
