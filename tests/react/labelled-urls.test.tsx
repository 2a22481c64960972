/**
 * Every URL the page checks when it runs gets the checker's labels at its pointer (the compiled
 * layout's `labels`): an image, an empty-state image, a frame, a redirect and the bridge's
 * openLink that would take a labelled value to another origin are refused by the app's checks,
 * with nothing loaded, opened or handed to the host; the same layout without labels shows and
 * opens them all.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { compileLayout } from '../../src/lint/compile/compileLayout';

const layout = layoutOf([
  { type: 'image', src: 'https://cdn.kopa.example/p/{{ query.productId }}.png', alt: 'Product' },
  { type: 'web-frame', src: 'https://kopa.example/p/{{ query.productId }}', title: 'Product page' },
  {
    type: 'empty-state',
    image: 'https://cdn.kopa.example/e/{{ query.productId }}.png',
    text: 'Nothing yet',
  },
  {
    type: 'button',
    label: 'Open',
    onTap: [
      {
        type: 'bridge',
        action: 'openLink',
        args: { url: 'https://kopa.example/p?p={{ query.productId }}' },
      },
    ],
  },
  {
    type: 'button',
    label: 'Pay',
    onTap: [{ type: 'redirect', url: 'https://pay.kopa.example/?p={{ query.productId }}' }],
  },
]);
const query = { userId: '10001', sessionId: 's1', productId: 'P002' };
// What a checker that labelled but did not refuse (or a doctored copy) would serve.
const { labels } = compileLayout(layout, { name: 'labelled', version: 1 });

const emptyStateImage = (container: HTMLElement) => container.querySelector('.k-empty-state__img');

describe('labelled URLs in the rendered page', () => {
  it('the compiler labels each of them at its pointer', () => {
    expect(labels).toEqual({
      '/body/0/src': ['query.productId'],
      '/body/1/src': ['query.productId'],
      '/body/2/image': ['query.productId'],
      '/body/3/onTap/0/args/url': ['query.productId'],
      '/body/4/onTap/0/url': ['query.productId'],
    });
  });

  it('without labels: every address is shown or opened', async () => {
    const { user, recorded, container } = await renderLayout(layout, { query });
    expect(screen.getByAltText('Product').getAttribute('src')).toBe(
      'https://cdn.kopa.example/p/P002.png',
    );
    expect(screen.getByTitle('Product page').getAttribute('src')).toBe(
      'https://kopa.example/p/P002',
    );
    expect(emptyStateImage(container)?.getAttribute('src')).toBe(
      'https://cdn.kopa.example/e/P002.png',
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(recorded.bridge).toEqual([
      { action: 'openLink', args: { url: 'https://kopa.example/p?p=P002' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.leaves).toEqual(['https://pay.kopa.example/?p=P002']);
  });

  it('with labels: nothing loads, opens or reaches the host, and each refusal names the label', async () => {
    const { user, recorded, container } = await renderLayout(layout, { query, labels });
    expect(screen.queryByAltText('Product')).toBeNull();
    expect(screen.queryByTitle('Product page')).toBeNull();
    expect(emptyStateImage(container)).toBeNull();
    expect(screen.getByText('Nothing yet')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.bridge).toEqual([]);
    expect(recorded.leaves).toEqual([]);
    expect(recorded.navigations).toEqual([]);
    await screen.findByText('This link cannot be opened.');
    const leak = (host: string) =>
      `it carries query.productId to host "${host}"; labelled data stays on this origin`;
    expect(recorded.reports).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pointer: '/body/0/src',
          message: `Image source refused: ${leak('cdn.kopa.example')}`,
        }),
        expect.objectContaining({
          pointer: '/body/1/src',
          message: `Frame source refused: https://kopa.example/p/P002 (${leak('kopa.example')})`,
        }),
        expect.objectContaining({
          pointer: '/body/2/image',
          message: `Image source refused: ${leak('cdn.kopa.example')}`,
        }),
        expect.objectContaining({
          pointer: '/body/3/onTap/0',
          message: `Bridge openLink refused: ${leak('kopa.example')}`,
        }),
        expect.objectContaining({
          pointer: '/body/4/onTap/0/url',
          message: `Refused link: ${leak('pay.kopa.example')}`,
        }),
      ]),
    );
  });
});
