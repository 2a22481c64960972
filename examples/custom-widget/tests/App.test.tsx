import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { App, createPromoPage } from '../src/App';

it('renders the layout: its own promo-badge (binding resolved) beside built-in texts', async () => {
  const controller = await createPromoPage();
  await act(async () => {
    render(<App controller={controller} />);
  });
  const badge = await screen.findByText('10% off your next fee');
  expect(badge.tagName).toBe('STRONG');
  expect(badge.className).toBe('promo-badge promo-badge--gold');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Spring offer');
  screen.getByText('Repay on time to keep it.');
  expect(document.querySelector('.k-fallback')).toBeNull();
});
