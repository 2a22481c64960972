import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/checkbox.json';

const XSS = '<img src=x onerror=alert(1)>';

describe('checkbox widget', () => {
  it('toggles the bound boolean; a button bound to it follows (Loan Now needs the box ticked)', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          { type: 'checkbox', bind: 'agreed', label: 'I have read and agree' },
          {
            type: 'button',
            label: 'Loan Now',
            disabled: '{{ !state.agreed }}',
            onTap: [{ type: 'toast', message: 'go' }],
          },
        ],
        { state: { agreed: true } },
      ),
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'I have read and agree' });
    expect(box.checked).toBe(true);
    await user.click(box);
    expect(box.checked).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Loan Now' }).disabled).toBe(true);
    await user.click(screen.getByText('I have read and agree'));
    expect(box.checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Loan Now' }).disabled).toBe(
      false,
    );
  });

  it('runs onChange with the new value', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'checkbox',
            bind: 'all',
            label: 'Select all',
            onChange: [{ type: 'setState', path: 'seen', value: '{{ value }}' }],
          },
          { type: 'text', text: '[{{ state.seen }}]' },
        ],
        { state: { all: false } },
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    screen.getByText('[true]');
  });

  it('inline children (agreement links) run their own actions without toggling the box', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf(
        [
          {
            type: 'checkbox',
            bind: 'agreed',
            label: 'I agree to',
            children: [
              { type: 'text', text: 'Loan Agreement', onTap: [{ type: 'navigate', to: 'order' }] },
            ],
          },
        ],
        { state: { agreed: false } },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Loan Agreement' }));
    expect(recorded.navigations).toHaveLength(1);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'I agree to' }).checked).toBe(
      false,
    );
  });

  it('only a real true ticks the box, and disabled cannot be toggled', async () => {
    const { user } = await renderLayout(
      layoutOf([{ type: 'checkbox', bind: 'agreed', label: 'Terms', disabled: true }], {
        state: { agreed: 'false' },
      }),
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Terms' });
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(box.checked).toBe(false);
  });

  it('shows the label as literal text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'checkbox', bind: 'a', label: XSS }]),
    );
    screen.getByRole('checkbox', { name: XSS });
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded, user } = await renderLayout(example);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Loan Now' }).disabled).toBe(
      false,
    );
    await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Loan Now' }).disabled).toBe(true);
    expect(recorded.reports).toEqual([]);
  });
});
