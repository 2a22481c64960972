import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/page-header.json';

const XSS = '<img src=x onerror=alert(1)>';

describe('page-header widget', () => {
  it('shows the title and runs onBack from the back button', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'page-header',
          title: 'Repayment Details',
          onBack: [{ type: 'bridge', action: 'closeWebView' }],
        },
      ]),
    );
    screen.getByRole('heading', { name: 'Repayment Details' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(recorded.bridge).toEqual([{ action: 'closeWebView', args: {} }]);
  });

  it('has no back button without onBack', async () => {
    await renderLayout(layoutOf([{ type: 'page-header', title: 'Payment account information' }]));
    screen.getByRole('heading', { name: 'Payment account information' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('binds the title and a custom back label, shown as literal text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'page-header',
            title: '{{ state.t }}',
            backLabel: XSS,
            onBack: [{ type: 'toast', message: 'x' }],
          },
        ],
        { state: { t: XSS } },
      ),
    );
    screen.getByRole('heading', { name: XSS });
    screen.getByRole('button', { name: XSS });
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded } = await renderLayout(example);
    screen.getByRole('heading', { name: 'Repayment Details' });
    screen.getByRole('heading', { name: 'Payment account information' });
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    expect(recorded.reports).toEqual([]);
  });
});
