import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/row.json';

describe('row widget', () => {
  it('lays children side by side with the align hint, and a tappable row runs onTap', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'row',
          style: { align: 'between' },
          onTap: [
            { type: 'bridge', action: 'callService', args: { phone: '{{ config.servicePhone }}' } },
          ],
          children: [
            { type: 'text', text: 'Telephone' },
            { type: 'text', text: '{{ config.servicePhone }}' },
          ],
        },
      ]),
    );
    const row = screen.getByRole('button', { name: /Telephone/ });
    expect(row.className).toContain('k-row');
    expect(row.className).toContain('k-align-between');
    expect(row.textContent).toBe('Telephone+255 700 000 000');
    await user.click(row);
    expect(recorded.bridge).toEqual([
      { action: 'callService', args: { phone: '+255 700 000 000' } },
    ]);
  });

  it('a row without onTap is not a button; keyboard Enter runs a tappable row', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        { type: 'row', children: [{ type: 'text', text: 'plain' }] },
        {
          type: 'row',
          onTap: [{ type: 'toast', message: 'hi' }],
          children: [{ type: 'text', text: 'tap me' }],
        },
      ]),
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    screen.getByRole('button', { name: 'tap me' }).focus();
    await user.keyboard('{Enter}');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['hi']);
  });

  it('renders its example layout', async () => {
    const { recorded, user } = await renderLayout(example);
    screen.getByText('Telephone');
    await user.click(screen.getByRole('button', { name: /Call us/ }));
    expect(recorded.bridge.map((b) => b.action)).toEqual(['callService']);
    expect(recorded.reports).toEqual([]);
  });
});
