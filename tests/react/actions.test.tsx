import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallResult } from '../../src/runtime/env';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

describe('actions', () => {
  afterEach(() => vi.useRealTimers());

  it('navigate goes by route key, carries the common query and adds its own', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Go',
          onTap: [
            { type: 'navigate', to: 'order', query: { source: 'loanDetail' }, replace: true },
          ],
        },
      ]),
      { query: { userId: '10001', sessionId: 's1' } },
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(recorded.navigations).toEqual([
      { path: '/order?userId=10001&sessionId=s1&source=loanDetail', replace: true },
    ]);
  });

  it('navigate to an unknown route key is refused and reported', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([{ type: 'button', label: 'Go', onTap: [{ type: 'navigate', to: 'nowhere' }] }]),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(recorded.navigations).toEqual([]);
    screen.getByText('This page is not available.');
  });

  it('http onSuccess sees the response; onError sees error.message and stops the list', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        { type: 'text', text: 'trade {{ state.trade }}' },
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              type: 'http',
              endpoint: 'generateVcode',
              params: { amount: '{{ 100 * 2 }}' },
              onSuccess: [{ type: 'setState', path: 'trade', value: '{{ response.tradeNo }}' }],
              onError: [{ type: 'toast', message: 'E: {{ error.message }}' }],
            },
            { type: 'toast', message: 'after' },
          ],
        },
      ]),
      {
        responses: {
          generateVcode: (params) =>
            params.amount === 200
              ? ok({ tradeNo: 'T9' })
              : { ok: false, kind: 'server', code: '1', message: 'bad', status: 200 },
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    screen.getByText('trade T9');
    expect(recorded.toasts.map((t) => t.message)).toEqual(['after']);
  });

  it('an idempotent call reuses its key after a lost response, and takes a new one once answered (SECURITY 15)', async () => {
    const answers: CallResult[] = [
      { ok: false, kind: 'timeout', message: 'The request timed out. Please try again.' },
      ok({}),
      ok({}),
    ];
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              type: 'http',
              endpoint: 'repaymentCommit',
              idempotent: true,
              params: { amount: 500 },
            },
          ],
        },
      ]),
      { responses: { repaymentCommit: () => answers.shift()! } },
    );
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Pay' }));
    const keys = recorded.calls.map((c) => c.options?.idempotencyKey);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a response that arrives after the page was left changes nothing (SECURITY 17)', async () => {
    let resolve!: (r: CallResult) => void;
    const { user, unmount, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              type: 'http',
              endpoint: 'generateVcode',
              onSuccess: [
                { type: 'navigate', to: 'repay' },
                { type: 'toast', message: 'done' },
              ],
            },
          ],
        },
      ]),
      { responses: { generateVcode: () => new Promise<CallResult>((r) => (resolve = r)) } },
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.calls[0]?.options?.signal?.aborted).toBe(false);
    unmount();
    await act(async () => undefined); // the page's lifetime ends a microtask after unmounting
    expect(recorded.calls[0]?.options?.signal?.aborted).toBe(true);
    await act(async () => resolve(ok({})));
    expect(recorded.navigations).toEqual([]);
    expect(recorded.toasts).toEqual([]);
  });

  it('countdown counts a state value down once a second; copy toasts copy success; bridge args are resolved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, recorded } = await renderLayout(
      layoutOf([
        { type: 'text', text: 'left {{ state.left }}' },
        {
          type: 'button',
          label: 'Start',
          onTap: [{ type: 'countdown', path: 'left', seconds: 60 }],
        },
        { type: 'button', label: 'Copy', onTap: [{ type: 'copy', text: 'CODE-{{ 1 + 1 }}' }] },
        {
          type: 'button',
          label: 'Mail',
          onTap: [{ type: 'bridge', action: 'sendSms', args: { email: '{{ "a" + "@b.c" }}' } }],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    screen.getByText('left 60');
    await act(async () => vi.advanceTimersByTime(3000));
    screen.getByText('left 57');
    await act(async () => vi.advanceTimersByTime(60000));
    screen.getByText('left 0');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(recorded.copied).toEqual(['CODE-2']);
    screen.getByText('copy success');
    await user.click(screen.getByRole('button', { name: 'Mail' }));
    expect(recorded.bridge).toEqual([{ action: 'sendSms', args: { email: 'a@b.c' } }]);
  });

  it('toasts last 3 s by default and 2 s for info, and close on tap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Default',
          onTap: [{ type: 'toast', message: 'three', duration: 300 }],
        },
        { type: 'button', label: 'Info', onTap: [{ type: 'toast', message: 'two', kind: 'info' }] },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Default' }));
    await act(async () => vi.advanceTimersByTime(2900));
    screen.getByText('three');
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('three')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await act(async () => vi.advanceTimersByTime(1900));
    screen.getByText('two');
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('two')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    await user.click(screen.getByText('two'));
    expect(screen.queryByText('two')).toBeNull();
  });
});
