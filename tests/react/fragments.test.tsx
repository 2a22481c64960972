/**
 * The documented examples (docs/layouts.md) render as a borrower would see them: fragments
 * expanded with their params, an action-list fragment run in place, a computed total.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fragments from '../../layouts/_examples/fragments.json';
import computed from '../../layouts/_examples/computed.json';
import { renderLayout } from '../support/renderLayout';

describe('layouts/_examples/fragments.json', () => {
  it('shows both notices with their params, and Close runs the spliced action list after its own action', async () => {
    const { user, recorded } = await renderLayout(fragments);
    screen.getByText('Hello Ann');
    screen.getByText('Your payment is late');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('Hello');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Closing']);
    expect(recorded.bridge).toEqual([{ action: 'closeWebView', args: {} }]);
  });
});

describe('layouts/_examples/computed.json', () => {
  it('shows the total, and disables Add one with the warning once it passes the limit', async () => {
    const { user } = await renderLayout(computed);
    screen.getByText('Total: 1.500,00 TZS');
    const add = screen.getByRole('button', { name: 'Add one' });
    for (let i = 0; i < 3; i++) await user.click(add);
    await screen.findByText('Total: 6.000,00 TZS');
    screen.getByText('Above the daily limit');
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});
