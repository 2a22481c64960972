import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { layoutOf, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/carousel.json';

const slide = (text: string) => ({ type: 'text', text });
const carousel = (extra: Record<string, unknown> = {}) => ({
  type: 'carousel',
  label: 'Banners',
  slides: [slide('First'), slide('Second'), slide('Third')],
  ...extra,
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The text of the one slide on screen. */
function shown(): string[] {
  return [...document.querySelectorAll('.k-carousel__slide:not([hidden])')].map(
    (el) => el.textContent ?? '',
  );
}

describe('carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one slide and moves on every interval (3 s by default), wrapping to the first', async () => {
    await renderLayout(layoutOf([carousel()]));
    screen.getByRole('region', { name: 'Banners' });
    expect(shown()).toEqual(['First']);
    await advance(2_900);
    expect(shown()).toEqual(['First']);
    await advance(100);
    expect(shown()).toEqual(['Second']);
    await advance(3_000);
    expect(shown()).toEqual(['Third']);
    await advance(3_000);
    expect(shown()).toEqual(['First']);
  });

  it('uses the layout interval; a dot shows its slide and gets a full interval', async () => {
    await renderLayout(layoutOf([carousel({ interval: 1_000 })]));
    await advance(1_000);
    expect(shown()).toEqual(['Second']);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await advance(500);
    await user.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(shown()).toEqual(['First']);
    expect(screen.getByRole('button', { name: 'Show slide 1' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await advance(900);
    expect(shown()).toEqual(['First']);
    await advance(200);
    expect(shown()).toEqual(['Second']);
  });

  it('stops its timer when the page is left', async () => {
    const { unmount } = await renderLayout(layoutOf([carousel()]));
    const before = vi.getTimerCount();
    expect(before).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBeLessThan(before);
    await advance(10_000); // no update on an unmounted tree (React would warn)
  });

  it('one slide: no timer, no dots; indicators false hides the dots', async () => {
    await renderLayout(
      layoutOf([
        carousel({ slides: [slide('Only')] }),
        carousel({ label: 'B', indicators: false }),
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Show slide 1' })).toBeNull();
    await advance(3_000);
    expect(shown()).toEqual(['Only', 'Second']);
  });

  it('renders its example layout', async () => {
    await renderLayout(example);
    screen.getByRole('img', { name: 'Cash in minutes' });
    await advance(3_000);
    screen.getByRole('heading', { name: 'Repay your way' });
  });
});

describe('image from an endpoint (the captcha)', () => {
  it('builds the source from the endpoint and params; a param change loads a new image', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'image',
            endpoint: 'getCaptcha',
            params: { sid: '{{ state.sid }}' },
            alt: 'Captcha',
          },
          {
            type: 'button',
            label: 'Refresh',
            onTap: [{ type: 'setState', path: 'sid', value: 'S2' }],
          },
        ],
        { state: { sid: 'S1' } },
      ),
    );
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Captcha' }).getAttribute('src')).toBe(
      '/fake-image/getCaptcha?sid=S1',
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Captcha' }).getAttribute('src')).toBe(
      '/fake-image/getCaptcha?sid=S2',
    );
  });

  it('shows nothing while a param is still empty (the sid not loaded yet)', async () => {
    const { container, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'image',
          endpoint: 'getCaptcha',
          params: { sid: '{{ data.captcha.sid }}' },
          alt: 'Captcha',
        },
      ]),
    );
    expect(container.querySelector('img')).toBeNull();
    expect(recorded.reports.filter((r) => r.kind === 'image')).toEqual([]);
  });
});
