import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { XSS_IMG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/spinner.json';

describe('spinner', () => {
  it('announces its bound label as a status', async () => {
    await renderLayout(
      layoutOf([{ type: 'spinner', label: 'Checking {{ state.what }}...' }], {
        state: { what: 'your order' },
      }),
    );
    expect(screen.getByRole('status').textContent).toBe('Checking your order...');
  });

  it('defaults to Loading... and shows a hostile label as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'spinner' }, { type: 'spinner', label: XSS_IMG }]),
    );
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Loading...',
      XSS_IMG,
    ]);
    expectNoInjectedElements(container);
  });

  it('renders the example layout', async () => {
    await renderLayout(example);
    expect(screen.getByRole('status').textContent).toBe('Checking your order...');
  });
});
