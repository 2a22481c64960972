import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { XSS_IMG, XSS_SVG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/empty-state.json';

describe('empty-state', () => {
  it('shows its message and runs onTap from its button', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'empty-state',
          text: 'No complaints yet',
          image: '/static/empty.png',
          buttonLabel: 'New complaint',
          onTap: [{ type: 'navigate', to: '/complainPage' }],
        },
      ]),
    );
    screen.getByText('No complaints yet');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/static/empty.png');
    await user.click(screen.getByRole('button', { name: 'New complaint' }));
    expect(recorded.navigations.map((n) => n.path.split('?')[0])).toEqual(['/complainPage']);
  });

  it('has no button without onTap and loads no unsafe image', async () => {
    await renderLayout(
      layoutOf([
        {
          type: 'empty-state',
          text: 'Nothing here',
          image: 'javascript:alert(1)',
          buttonLabel: 'Go',
        },
      ]),
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows hostile text and button label as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([
        {
          type: 'empty-state',
          text: XSS_IMG,
          buttonLabel: XSS_SVG,
          onTap: [{ type: 'toast', message: 'x' }],
        },
      ]),
    );
    screen.getByText(XSS_IMG);
    screen.getByRole('button', { name: XSS_SVG });
    expect(container.querySelector('svg')).toBeNull();
    expectNoInjectedElements(container);
  });

  it('renders the example layout', async () => {
    const { user, recorded } = await renderLayout(example);
    await user.click(screen.getByRole('button', { name: 'New complaint' }));
    expect(recorded.navigations.map((n) => n.path.split('?')[0])).toEqual(['/complainPage']);
  });
});
