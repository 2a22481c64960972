// @vitest-environment jsdom
/**
 * The first screen starts from the layout the server put in the page as soon as the
 * entry runs: its data request goes out before React renders; the route component of the first
 * location adopts it (no second request), any other location starts its own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../src/react/render/toast/toastStore';
import { firstScreenFor, startFirstScreen } from '../../src/app/shell/firstScreen';
import { compiledText } from '../support/compiled';

const layout = {
  id: 'repay',
  version: 1,
  title: 'Repayment Details',
  dataSources: {
    plan: {
      endpoint: 'installmentPlan',
      params: { productId: '{{ query.productId }}', orderId: '{{ query.orderId }}' },
    },
  },
  body: [{ type: 'text', text: '{{ data.plan.productName }}' }],
};

function pageWithLayout(name: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'kopa-layout';
  block.dataset.name = name;
  block.textContent = compiledText(layout, name);
  document.body.append(block);
}

const signals: (AbortSignal | undefined)[] = [];

function stubFetch() {
  const urls: string[] = [];
  signals.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      urls.push(String(url));
      signals.push(init?.signal ?? undefined);
      return new Promise<Response>(() => {}); // never answers: the test looks at the request only
    }),
  );
  return urls;
}

describe('startFirstScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    firstScreenFor('', 'reset'); // drops a screen a test left behind
  });

  it('sends the data request of the inline layout before React, and hands the screen to the first location only', async () => {
    window.history.replaceState(
      null,
      '',
      '/repay?userId=10001&sessionId=demo-session&orderId=O170&productId=P002',
    );
    pageWithLayout('repay');
    const urls = stubFetch();
    startFirstScreen('/repay', createToastStore());
    await vi.waitFor(() =>
      expect(urls.some((u) => u.includes('/installment/loan-play-detail-yd?'))).toBe(true),
    );
    expect(document.getElementById('kopa-layout')).toBeNull(); // taken: later screens fetch theirs

    const first = firstScreenFor('repay', 'default');
    expect(first?.layoutName).toBe('repay');
    const signal = signals[urls.findIndex((u) => u.includes('/installment/loan-play-detail-yd?'))];
    expect(signal?.aborted).toBe(false);
    await vi.waitFor(() => expect(first?.controller.getState().status).toBe('ready'));

    // Another location (an in-app navigation) does not get it: the shell's reference was the
    // last, so the page ends and its requests with it.
    expect(firstScreenFor('repay', 'k2')).toBeNull();
    await new Promise((r) => setTimeout(r, 0)); // a count of 0 is final after the current task's sync work
    expect(signal?.aborted).toBe(true);
    expect(first?.controller.getState().status).toBe('disposed');
    expect(firstScreenFor('repay', 'default')).toBeNull();
  });

  it('waits with a navigation until the router is connected', async () => {
    window.history.replaceState(
      null,
      '',
      '/repay?userId=10001&sessionId=demo-session&orderId=O170&productId=P002',
    );
    pageWithLayout('repay');
    stubFetch();
    startFirstScreen('/repay', createToastStore());
    const first = firstScreenFor('repay', 'default');
    first?.env.navigate('/orderList', { replace: true });
    const navigate = vi.fn();
    first?.connect(navigate);
    expect(navigate).toHaveBeenCalledWith('/orderList', { replace: true });
    first?.env.navigate('/repay');
    expect(navigate).toHaveBeenLastCalledWith('/repay', undefined);
  });

  it('does nothing for a path that is not a screen, or without an inline layout', () => {
    const urls = stubFetch();
    pageWithLayout('repay');
    startFirstScreen('/no-such-screen', createToastStore());
    document.body.innerHTML = '';
    startFirstScreen('/repay', createToastStore());
    expect(firstScreenFor('repay', 'default')).toBeNull();
    expect(urls).toEqual([]);
  });
});
