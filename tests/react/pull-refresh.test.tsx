import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout, type FakeResponse } from '../support/renderLayout';
import type { CallResult } from '../../src/runtime/env';
import { XSS_IMG, expectNoInjectedElements } from '../support/noInjection';
import example from '../../layouts/_examples/pull-refresh.json';
// The gesture's own chunk, loaded up front so a pull right after the first render is heard.
import '../../src/react/render/pullGesture';

/** A pull of the finger by dy px (the content follows 0.6 of it, at most 100 px). */
function pull(target: Element, dy: number, release = true) {
  fireEvent.touchStart(target, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(target, { touches: [{ clientY: 100 + dy / 2 }] });
  fireEvent.touchMove(target, { touches: [{ clientY: 100 + dy }] });
  if (release) fireEvent.touchEnd(target, { touches: [] });
}

const head = () => document.querySelector('.k-pull-refresh__head') as HTMLElement;

function page(extra: Record<string, unknown> = {}) {
  return layoutOf(
    [
      {
        type: 'pull-refresh',
        onRefresh: [{ type: 'reload', source: 'info' }],
        children: [{ type: 'text', text: 'Version {{ data.info.v }}' }],
        ...extra,
      },
    ],
    // Not blocking: a reload of a blocking source swaps the whole body for the loading screen.
    { dataSources: { info: { endpoint: 'contactKfInfo', blocking: false } } },
  );
}

function counting(): { response: FakeResponse; count: () => number } {
  let n = 0;
  return { response: () => ok({ v: ++n }), count: () => n };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('pull-refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('past 25 px it says release, runs onRefresh once, shows Refreshed for 1 s, then rests', async () => {
    const api = counting();
    await renderLayout(page(), { responses: { contactKfInfo: api.response } });
    const content = await screen.findByText('Version 1');

    fireEvent.touchStart(content, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(content, { touches: [{ clientY: 130 }] }); // 30 x 0.6 = 18 px
    screen.getByText('Pull to refresh');
    fireEvent.touchMove(content, { touches: [{ clientY: 145 }] }); // 45 x 0.6 = 27 px
    screen.getByText('Release to refresh');
    await act(async () => {
      fireEvent.touchEnd(content, { touches: [] });
    });
    await screen.findByText('Version 2');
    expect(api.count()).toBe(2);
    await screen.findByText('Refreshed');
    await advance(900);
    screen.getByText('Refreshed');
    await advance(200);
    expect(screen.queryByText('Refreshed')).toBeNull();
    expect(head().style.height).toBe('0px');
    expect(api.count()).toBe(2);
  });

  it('below the distance letting go does nothing', async () => {
    const api = counting();
    await renderLayout(page(), { responses: { contactKfInfo: api.response } });
    const content = await screen.findByText('Version 1');
    pull(content, 41, false); // 41 x 0.6 = 24.6 px < 25
    screen.getByText('Pull to refresh');
    await act(async () => {
      fireEvent.touchEnd(content, { touches: [] });
    });
    await advance(1500);
    expect(screen.queryByText('Pull to refresh')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(api.count()).toBe(1);
  });

  it('shows Loading while onRefresh runs and ignores pulls until it ends', async () => {
    let answer!: (r: CallResult) => void;
    let calls = 0;
    const response: FakeResponse = () => {
      calls += 1;
      if (calls === 1) return ok({ v: 1 });
      return new Promise<CallResult>((resolve) => (answer = resolve));
    };
    await renderLayout(page(), { responses: { contactKfInfo: response } });
    const content = await screen.findByText('Version 1');
    await act(async () => pull(content, 200));
    screen.getByText('Loading...');
    await act(async () => pull(content, 200));
    expect(calls).toBe(2);
    await act(async () => answer(ok({ v: 2 })));
    await screen.findByText('Refreshed');
    screen.getByText('Version 2');
  });

  it('follows 0.6 of the finger up to 100 px', async () => {
    await renderLayout(page(), { responses: { contactKfInfo: ok({ v: 1 }) } });
    const content = await screen.findByText('Version 1');
    pull(content, 20, false);
    expect(head().style.height).toBe('12px');
    pull(content, 1000, false);
    expect(head().style.height).toBe('100px');
  });

  it('does not start when the page is scrolled down', async () => {
    const api = counting();
    await renderLayout(page(), { responses: { contactKfInfo: api.response } });
    const content = await screen.findByText('Version 1');
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
    try {
      await act(async () => pull(content, 200));
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
    expect(screen.queryByText('Release to refresh')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(api.count()).toBe(1);
  });

  it('shows hostile state texts as text (SECURITY 1)', async () => {
    const { container } = await renderLayout(page({ releaseText: XSS_IMG }), {
      responses: { contactKfInfo: ok({ v: 1 }) },
    });
    const content = await screen.findByText('Version 1');
    pull(content, 100, false);
    screen.getByText(XSS_IMG);
    expectNoInjectedElements(container);
  });

  it('renders the example layout and refreshes it', async () => {
    let n = 0;
    await renderLayout(example, {
      responses: {
        loanDetails: () => ok({ productName: `Kopa ${++n}`, noticeDesText: 'In review' }),
      },
    });
    const title = await screen.findByText('Kopa 1');
    await act(async () => pull(title, 100));
    await screen.findByText('Kopa 2');
  });

  it("a layout's onRefresh: the whole page answers a pull, its blocking source keeps showing, and an empty page too", async () => {
    let tabs: unknown[] = [];
    let calls = 0;
    const layout = layoutOf(
      [{ type: 'text', text: 'Complaints: {{ len(data.list.tabs[0].list) }}' }],
      {
        dataSources: {
          list: {
            endpoint: 'problemList',
            empty: { when: '{{ len(data.list.tabs) == 0 }}', text: 'No complaints yet' },
          },
        },
        onRefresh: [{ type: 'reload', source: 'list' }],
      },
    );
    await renderLayout(layout, {
      responses: {
        problemList: () => {
          calls += 1;
          return ok({ tabs });
        },
      },
    });
    // The designed empty state answers the pull as well: a complaint filed meanwhile shows up.
    const empty = await screen.findByText('No complaints yet');
    tabs = [{ title: 'All', list: [{ id: '1', time: '', type: 'x', content: 'c' }] }];
    pull(empty, 100, false);
    screen.getByText('Release to refresh');
    await act(async () => {
      fireEvent.touchEnd(empty, { touches: [] });
    });
    const content = await screen.findByText('Complaints: 1');
    expect(calls).toBe(2);
    await screen.findByText('Refreshed');
    // While the next refresh loads, the page keeps its content (no loading screen).
    await advance(1100);
    await act(async () => pull(content, 100));
    screen.getByText('Complaints: 1');
    await screen.findByText('Refreshed');
    expect(calls).toBe(3);
  });
});
