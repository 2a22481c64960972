import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/enum-picker.json';

const XSS = '<img src=x onerror=alert(1)>';

const banks = [
  { name: 'M-Pesa', type: 'MPESA' },
  { name: 'Airtel Money', type: 'AIRTEL' },
  { name: 'Tigo Pesa', type: 'TIGO' },
];

function pickerLayout(
  extra: Record<string, unknown> = {},
  state: Record<string, unknown> = { bankCode: 'MPESA' },
) {
  return layoutOf(
    [
      {
        type: 'enum-picker',
        bind: 'bankCode',
        label: 'Wallet',
        title: 'Choose a wallet',
        options: '{{ data.plan.bankList }}',
        onConfirm: [{ type: 'setState', path: 'picked', value: '{{ option.name }}/{{ value }}' }],
        ...extra,
      },
      { type: 'text', text: '[{{ state.bankCode }}|{{ state.picked }}]' },
    ],
    { dataSources: { plan: { endpoint: 'installmentPlan' } }, state },
  );
}

const responses = { installmentPlan: ok({ bankList: banks }) };

describe('enum-picker widget', () => {
  it("shows the chosen option's label on the row", async () => {
    await renderLayout(pickerLayout(), { responses });
    const row = await screen.findByRole('button', { name: /Wallet/ });
    expect(row.textContent).toContain('M-Pesa');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the placeholder while nothing is chosen', async () => {
    await renderLayout(pickerLayout({ placeholder: 'Select a wallet' }, {}), { responses });
    expect((await screen.findByRole('button', { name: /Wallet/ })).textContent).toContain(
      'Select a wallet',
    );
  });

  it('Cancel keeps the old value and runs nothing', async () => {
    const { user } = await renderLayout(pickerLayout(), { responses });
    await user.click(await screen.findByRole('button', { name: /Wallet/ }));
    const sheet = screen.getByRole('dialog', { name: 'Choose a wallet' });
    expect(within(sheet).getByRole('radio', { name: 'M-Pesa' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.click(within(sheet).getByRole('radio', { name: 'Tigo Pesa' }));
    // Highlighting alone changes nothing outside the sheet.
    screen.getByText('[MPESA|]');
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText('[MPESA|]');
    expect(screen.getByRole('button', { name: /Wallet/ }).textContent).toContain('M-Pesa');
  });

  it('Confirm writes the highlighted value and runs onConfirm with option in scope', async () => {
    const { user } = await renderLayout(pickerLayout(), { responses });
    await user.click(await screen.findByRole('button', { name: /Wallet/ }));
    await user.click(screen.getByRole('radio', { name: 'Airtel Money' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText('[AIRTEL|Airtel Money/AIRTEL]');
    expect(screen.getByRole('button', { name: /Wallet/ }).textContent).toContain('Airtel Money');
  });

  it('tapping the overlay closes like Cancel', async () => {
    const { user } = await renderLayout(pickerLayout(), { responses });
    await user.click(await screen.findByRole('button', { name: /Wallet/ }));
    await user.click(screen.getByRole('radio', { name: 'Tigo Pesa' }));
    await user.click(screen.getByTestId('enum-picker-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText('[MPESA|]');
  });

  it('Confirm is disabled until an option is highlighted', async () => {
    const { user } = await renderLayout(pickerLayout({}, {}), { responses });
    await user.click(await screen.findByRole('button', { name: /Wallet/ }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(false);
  });

  it('matches a numeric state value to a string option value, with custom fields and a literal list', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'enum-picker',
            bind: 'channel',
            label: 'Channel',
            labelField: 'text',
            valueField: 'code',
            options: [
              { text: 'Bank', code: '90006' },
              { text: 'Wallet', code: '90007' },
            ],
          },
          { type: 'text', text: '[{{ state.channel }}]' },
        ],
        { state: { channel: 90006 } },
      ),
    );
    expect(screen.getByRole('button', { name: /Channel/ }).textContent).toContain('Bank');
    await user.click(screen.getByRole('button', { name: /Channel/ }));
    await user.click(screen.getByRole('radio', { name: 'Wallet' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    screen.getByText('[90007]');
  });

  it('does not open when disabled', async () => {
    const { user } = await renderLayout(pickerLayout({ disabled: true }), { responses });
    await user.click(await screen.findByRole('button', { name: /Wallet/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows option labels from the API as literal text (SECURITY 1)', async () => {
    const { user, container } = await renderLayout(pickerLayout({}, {}), {
      responses: {
        installmentPlan: ok({
          bankList: [
            { name: XSS, type: 'X' },
            { name: '"><svg onload=alert(1)>', type: 'Y' },
          ],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Wallet/ }));
    await user.click(screen.getByRole('radio', { name: XSS }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: /Wallet/ }).textContent).toContain(XSS);
    await user.click(screen.getByRole('button', { name: /Wallet/ }));
    screen.getByRole('radio', { name: '"><svg onload=alert(1)>' });
    expect(container.ownerDocument.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded, user } = await renderLayout(example);
    await user.click(screen.getByRole('button', { name: /Wallet/ }));
    await user.click(screen.getByRole('radio', { name: 'Airtel Money' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    screen.getByText('Paying from Airtel Money');
    expect(recorded.reports).toEqual([]);
  });
});
