import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import { hostBack, installHostApi, onHostBack } from '../../src/app/shell/hostApi';

const retentionLayout = layoutOf([{ type: 'text', text: 'Loan page' }], {
  dataSources: { c: { endpoint: 'loanConfirmDetail' } },
  onBack: [
    {
      type: 'if',
      when: "{{ string(data.c.isPopType) === '1' }}",
      then: [{ type: 'openDialog', dialog: 'retention' }],
      else: [{ type: 'bridge', action: 'closeWebView' }],
    },
  ],
  dialogs: [
    {
      type: 'dialog',
      id: 'retention',
      title: '{{ data.c.popTitle }}',
      children: [
        { type: 'text', text: '{{ data.c.popContent }}' },
        { type: 'button', label: 'Agree', onTap: [{ type: 'closeDialog', dialog: 'retention' }] },
        { type: 'button', label: 'Cancel', onTap: [{ type: 'bridge', action: 'closeWebView' }] },
      ],
    },
  ],
});

describe('layout onBack (the host back signal)', () => {
  it('runs the layout onBack when the host signals back: the retention popup opens, Agree dismisses it', async () => {
    const {
      hostBack: back,
      recorded,
      user,
    } = await renderLayout(retentionLayout, {
      responses: {
        loanConfirmDetail: ok({ isPopType: 1, popTitle: 'Point out', popContent: 'Are you sure?' }),
      },
    });
    await screen.findByText('Loan page');
    expect(screen.queryByRole('dialog')).toBeNull();
    let handled = false;
    await act(async () => {
      handled = back();
    });
    expect(handled).toBe(true);
    screen.getByRole('dialog', { name: 'Point out' });
    screen.getByText('Are you sure?');
    expect(recorded.bridge).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      back();
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(recorded.bridge).toEqual([{ action: 'closeWebView', args: {} }]);
  });

  it('reads the data as it is when the host calls: isPopType 0 closes the web view instead', async () => {
    const { hostBack: back, recorded } = await renderLayout(retentionLayout, {
      responses: {
        loanConfirmDetail: ok({ isPopType: 0, popTitle: 'Point out', popContent: 'x' }),
      },
    });
    await screen.findByText('Loan page');
    await act(async () => {
      back();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(recorded.bridge).toEqual([{ action: 'closeWebView', args: {} }]);
  });

  it('a layout without onBack does not subscribe: back() reports false so the host goes back itself', async () => {
    const { hostBack: back, unmount } = await renderLayout(
      layoutOf([{ type: 'text', text: 'plain' }]),
    );
    expect(back()).toBe(false);
    unmount();
  });

  it('leaving the page unsubscribes it', async () => {
    const {
      hostBack: back,
      unmount,
      recorded,
    } = await renderLayout(retentionLayout, {
      responses: { loanConfirmDetail: ok({ isPopType: 0 }) },
    });
    unmount();
    expect(back()).toBe(false);
    expect(recorded.bridge).toHaveLength(0);
  });
});

describe('window.KopaHost (src/app/shell/hostApi)', () => {
  it('back() goes to the latest subscriber, returns false with none, and never throws', () => {
    const target: Record<string, unknown> = {};
    installHostApi(target);
    const api = target.KopaHost as { back(): boolean };
    expect(api.back()).toBe(false);
    const seen: string[] = [];
    const offA = onHostBack(() => seen.push('a'));
    const offB = onHostBack(() => seen.push('b'));
    expect(api.back()).toBe(true);
    offB();
    expect(hostBack()).toBe(true);
    offA();
    expect(api.back()).toBe(false);
    expect(seen).toEqual(['b', 'a']);
    const offBad = onHostBack(() => {
      throw new Error('boom');
    });
    expect(api.back()).toBe(true);
    offBad();
    expect(Object.isFrozen(api)).toBe(true);
  });
});
