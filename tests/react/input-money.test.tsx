/**
 * Input money mode: the borrower types money units with up to 2 decimals, the cap
 * (max, in cents) is exact to the cent, and cents(...) turns the text into the integer cents sent.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

const show = (path: string) => ({
  type: 'text',
  id: 'mirror',
  text: `[{{ state.${path} }}|{{ cents(state.${path}) }}]`,
});

async function moneyField(amountMax: number | string) {
  const r = await renderLayout(
    layoutOf(
      [
        {
          type: 'input',
          bind: 'amount',
          inputType: 'money',
          label: 'Amount',
          max: '{{ data.plan.amountMax }}',
        },
        show('amount'),
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              type: 'http',
              endpoint: 'generateVcode',
              params: {
                product_id: 'P1',
                orderId: 'O1',
                amount: '{{ cents(state.amount) }}',
                isDelay: 0,
              },
            },
          ],
        },
      ],
      { dataSources: { plan: { endpoint: 'installmentPlan' } }, state: { amount: '' } },
    ),
    {
      responses: {
        installmentPlan: ok({ amountMax, amountMin: 100 }),
        generateVcode: ok({ repayType: 'NOTICE', payUrl: '', notice: '', tradeNo: 'T1' }),
      },
    },
  );
  return { ...r, field: await screen.findByLabelText<HTMLInputElement>('Amount') };
}

describe('input, money mode', () => {
  it('takes cents after a comma, brings up the decimal keyboard and sends integer cents', async () => {
    const { user, field, recorded } = await moneyField(4234567);
    expect(field.inputMode).toBe('decimal');
    await user.type(field, '1234,5');
    expect(field.value).toBe('1234,5');
    screen.getByText('[1234,5|123450]');
    await user.type(field, '67');
    expect(field.value).toBe('1234,56');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.calls.at(-1)?.params).toMatchObject({ amount: 123456 });
  });

  it('accepts a dot as the decimal mark and ignores a third decimal', async () => {
    const { user, field } = await moneyField(4234567);
    await user.type(field, '12.05');
    expect(field.value).toBe('12,05');
    await user.type(field, '9');
    expect(field.value).toBe('12,05');
  });

  it('caps exactly at the max to the cent (42.345,67 allows 42.345,67, not more), max sent as text', async () => {
    const { user, field, recorded } = await moneyField('4234567');
    await user.type(field, '42345,67');
    expect(field.value).toBe('42345,67');
    await user.clear(field);
    await user.type(field, '42345,68');
    expect(field.value).toBe('42345,67');
    await user.clear(field);
    await user.type(field, '99999');
    expect(field.value).toBe('42345,67');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.calls.at(-1)?.params).toMatchObject({ amount: 4234567 });
  });

  it('a pasted amount with thousands dots is read as the borrower meant it', async () => {
    const { user, field } = await moneyField(100_000_000);
    await user.click(field);
    await user.paste('TZS 42.345,67');
    expect(field.value).toBe('42345,67');
    screen.getByText('[42345,67|4234567]');
  });
});
