import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';

describe('row and divider widgets', () => {
  it('lays children side by side with the align hint, and a tappable row runs onTap', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'row',
          style: { align: 'between' },
          onTap: [{ type: 'bridge', action: 'callService', args: { phone: '{{ config.servicePhone }}' } }],
          children: [{ type: 'text', text: 'Telephone' }, { type: 'text', text: '{{ config.servicePhone }}' }],
        },
      ]),
    );
    const row = screen.getByRole('button', { name: /Telephone/ });
    expect(row.className).toContain('k-row');
    expect(row.className).toContain('k-align-between');
    expect(row.textContent).toBe('Telephone+255 700 000 000');
    await user.click(row);
    expect(recorded.bridge).toEqual([{ action: 'callService', args: { phone: '+255 700 000 000' } }]);
  });

  it('a row without onTap is not a button; keyboard Enter runs a tappable row', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        { type: 'row', children: [{ type: 'text', text: 'plain' }] },
        { type: 'row', onTap: [{ type: 'toast', message: 'hi' }], children: [{ type: 'text', text: 'tap me' }] },
      ]),
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    screen.getByRole('button', { name: 'tap me' }).focus();
    await user.keyboard('{Enter}');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['hi']);
  });

  it('divider draws a separator, or only space when line is false', async () => {
    const { container } = await renderLayout(layoutOf([{ type: 'divider' }, { type: 'divider', line: false, space: 'l' }]));
    expect(screen.getAllByRole('separator')).toHaveLength(1);
    expect(container.querySelector('.k-divider--space.k-divider--l')).not.toBeNull();
  });
});
