import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/divider.json';

describe('divider widget', () => {
  it('draws a separator, or only space when line is false', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'divider' }, { type: 'divider', line: false, space: 'l' }]),
    );
    expect(screen.getAllByRole('separator')).toHaveLength(1);
    expect(container.querySelector('.k-divider--space.k-divider--l')).not.toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded } = await renderLayout(example);
    expect(screen.getAllByRole('separator')).toHaveLength(1);
    screen.getByText('After the space');
    expect(recorded.reports).toEqual([]);
  });
});
