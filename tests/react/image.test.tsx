import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/image.json';

describe('image widget', () => {
  it('shows an allowed source from the data with its alt text', async () => {
    await renderLayout(
      layoutOf(
        [
          {
            type: 'image',
            src: '{{ data.order.productLogo }}',
            alt: '{{ data.order.productName }}',
            size: 'logo',
          },
        ],
        {
          dataSources: { order: { endpoint: 'loanDetails' } },
        },
      ),
      {
        responses: {
          loanDetails: ok({
            productLogo: 'https://cdn.kopa.example/logo.png',
            productName: 'Kopa Cash',
          }),
        },
      },
    );
    const img = await screen.findByRole<HTMLImageElement>('img', { name: 'Kopa Cash' });
    expect(img.src).toBe('https://cdn.kopa.example/logo.png');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    '//evil.tld/x.png',
  ])('refuses %s: nothing rendered, reported (SECURITY 11)', async (src) => {
    const { container, recorded } = await renderLayout(
      layoutOf(
        [
          { type: 'image', src: '{{ state.src }}', alt: 'logo' },
          { type: 'text', text: 'sibling' },
        ],
        { state: { src } },
      ),
    );
    expect(container.querySelector('img')).toBeNull();
    screen.getByText('sibling');
    const mine = recorded.reports.filter((r) => r.pointer === '/body/0/src' && r.kind === 'image');
    expect(mine).toHaveLength(1);
  });

  // An API value or layout source on another host loads only from config/app.json
  // imageHosts, and never with the borrower's session in it; the img element is never made, so
  // the browser requests nothing.
  it.each([
    ['a host not on imageHosts', 'https://evil.tld/p.png', 'not on the allowlist'],
    ['a look-alike host', 'https://cdn.kopa.example.evil.tld/p.png', 'not on the allowlist'],
    [
      'the session on a listed host',
      'https://cdn.kopa.example/p.png?s=demo-session-77',
      'session value',
    ],
    [
      'the userId in the path of a listed host',
      'https://cdn.kopa.example/u/10001/p.png',
      'session value',
    ],
  ])('refuses %s from the data: no img, reported', async (_what, src, reason) => {
    const { container, recorded } = await renderLayout(
      layoutOf(
        [
          { type: 'image', src: '{{ data.order.productLogo }}', alt: 'logo' },
          { type: 'text', text: 'sibling' },
        ],
        {
          dataSources: { order: { endpoint: 'loanDetails' } },
        },
      ),
      {
        responses: { loanDetails: ok({ productLogo: src }) },
        query: { userId: '10001', sessionId: 'demo-session-77' },
      },
    );
    await screen.findByText('sibling');
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain(new URL(src).host + new URL(src).pathname);
    expect(recorded.reports).toContainEqual(
      expect.objectContaining({ kind: 'image', message: expect.stringContaining(reason) }),
    );
  });

  it('renders nothing and reports nothing for an empty source (data not there yet)', async () => {
    const { container, recorded } = await renderLayout(
      layoutOf([{ type: 'image', src: '{{ state.none }}' }]),
    );
    expect(container.querySelector('img')).toBeNull();
    expect(recorded.reports).toEqual([]);
  });

  it('zoomable: a tap opens the full-screen view, a tap there closes it', async () => {
    const { user } = await renderLayout(
      layoutOf([
        { type: 'image', src: '/static/steps.png', alt: 'Pay at a store', zoomable: true },
      ]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay at a store' }));
    const overlay = screen.getByRole('dialog', { name: 'Pay at a store' });
    expect(overlay.querySelector('img')?.getAttribute('src')).toBe('/static/steps.png');
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('runs onTap actions', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'image',
          src: '/static/banner.png',
          alt: 'Banner',
          onTap: [{ type: 'bridge', action: 'openHome' }],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Banner' }));
    expect(recorded.bridge.map((b) => b.action)).toEqual(['openHome']);
  });

  it('alt text with HTML stays an attribute value (SECURITY 1)', async () => {
    const alt = '"><svg onload=alert(1)>';
    const { container } = await renderLayout(layoutOf([{ type: 'image', src: '/a.png', alt }]));
    screen.getByRole('img', { name: alt });
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('renders its example layout', async () => {
    const { recorded, user } = await renderLayout(example);
    screen.getByRole('img', { name: 'Kopa Cash' });
    await user.click(screen.getByRole('button', { name: 'Store payment slip' }));
    screen.getByRole('dialog', { name: 'Store payment slip' });
    screen.getByRole('button', { name: 'Borrow again' });
    expect(recorded.reports).toEqual([]);
  });
});
