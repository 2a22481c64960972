import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/comments.json';

// $comment is for operators: a node or action carrying one renders and runs as if it had none,
// and the note itself never reaches the screen.
describe('$comment on nodes, actions and data sources', () => {
  it('renders and runs its example layout without showing the comments', async () => {
    const { recorded, container } = await renderLayout(example, {
      responses: { installmentPlan: ok({}) },
    });
    screen.getByText('Taps: 0');
    await userEvent.click(screen.getByRole('button', { name: 'Tap me' }));
    await screen.findByText('Taps: 1');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Tapped']);
    expect(container.textContent).not.toMatch(/operators|borrower|Count the taps/);
    expect(recorded.reports).toEqual([]);
  });
});
