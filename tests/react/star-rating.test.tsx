import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { XSS_IMG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/star-rating.json';

function filled(): boolean[] {
  return [1, 2, 3, 4, 5].map(
    (n) =>
      screen
        .getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` })
        .getAttribute('data-filled') === 'true',
  );
}

const rating = (extra: Record<string, unknown> = {}) => ({
  type: 'star-rating',
  bind: 'rating.score',
  label: 'Rate our service',
  ...extra,
});

describe('star-rating', () => {
  it('tapping star n stores n and fills stars 1..n', async () => {
    const { user } = await renderLayout(
      layoutOf([rating(), { type: 'text', text: 'Score: {{ state.rating.score }}' }], {
        state: { rating: { score: 0 } },
      }),
    );
    screen.getByRole('radiogroup', { name: 'Rate our service' });
    expect(filled()).toEqual([false, false, false, false, false]);

    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    screen.getByText('Score: 3');
    expect(filled()).toEqual([true, true, true, false, false]);
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe(
      'false',
    );

    await user.click(screen.getByRole('radio', { name: '1 star' }));
    screen.getByText('Score: 1');
    expect(filled()).toEqual([true, false, false, false, false]);
  });

  it('follows the state when another node resets it (Cancel resets the selection)', async () => {
    const { user } = await renderLayout(
      layoutOf([
        rating(),
        {
          type: 'button',
          label: 'Cancel',
          onTap: [{ type: 'setState', path: 'rating.score', value: 0 }],
        },
      ]),
    );
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(filled()).toEqual([true, true, true, true, true]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(filled()).toEqual([false, false, false, false, false]);
  });

  it('readOnly shows the stored value and ignores taps', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [rating({ readOnly: true }), { type: 'text', text: 'Score: {{ state.rating.score }}' }],
        { state: { rating: { score: 4 } } },
      ),
    );
    expect(filled()).toEqual([true, true, true, true, false]);
    const second = screen.getByRole('radio', { name: '2 stars' }) as HTMLButtonElement;
    expect(second.disabled).toBe(true);
    await user.click(second);
    screen.getByText('Score: 4');
  });

  it('clamps odd state values to 0..5', async () => {
    await renderLayout(
      layoutOf([rating({ bind: 'a' }), rating({ bind: 'b' })], { state: { a: '2', b: 9 } }),
    );
    const checked = screen
      .getAllByRole('radio')
      .filter((r) => r.getAttribute('aria-checked') === 'true');
    expect(checked.map((r) => r.getAttribute('aria-label'))).toEqual(['2 stars', '5 stars']);
  });

  it('runs onChange with the chosen number in scope', async () => {
    const { user } = await renderLayout(
      layoutOf([
        rating({ onChange: [{ type: 'setState', path: 'chosen', value: '{{ stars * 10 }}' }] }),
        { type: 'text', text: 'Chosen: {{ state.chosen }}' },
      ]),
    );
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    screen.getByText('Chosen: 40');
  });

  it('moves the choice with arrow keys', async () => {
    const { user } = await renderLayout(
      layoutOf([rating(), { type: 'text', text: 'Score: {{ state.rating.score }}' }], {
        state: { rating: { score: 2 } },
      }),
    );
    screen.getByRole('radio', { name: '2 stars' }).focus();
    await user.keyboard('{ArrowRight}');
    screen.getByText('Score: 3');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    screen.getByText('Score: 1');
  });

  it('keeps a hostile label as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(layoutOf([rating({ label: XSS_IMG })]));
    screen.getByRole('radiogroup', { name: XSS_IMG });
    expectNoInjectedElements(container);
  });

  it('renders the example layout: Send without a star asks to choose', async () => {
    const { user, recorded } = await renderLayout(example);
    screen.getByText('Tap a star to rate');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(recorded.toasts.map((t) => t.message)).toEqual(['Silakan pilih']);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    screen.getByText('4 of 5 stars');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    screen.getByText('Tap a star to rate');
  });
});
