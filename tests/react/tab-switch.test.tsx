import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/tab-switch.json';

const XSS = '<img src=x onerror=alert(1)>';

const cardTypeTabs = {
  type: 'tab-switch',
  bind: 'cardType',
  label: 'Card type',
  options: [
    { label: 'Bank card', value: 1 },
    { label: 'E-wallet', value: 2 },
  ],
  onChange: [
    { type: 'setState', path: 'log', value: '{{ state.log }}>{{ option.label }}:{{ value }}' },
  ],
};

describe('tab-switch widget', () => {
  it('marks the bound value as the selected tab (1 and "1" match)', async () => {
    await renderLayout(layoutOf([cardTypeTabs], { state: { cardType: '1' } }));
    screen.getByRole('tablist', { name: 'Card type' });
    expect(screen.getByRole('tab', { name: 'Bank card' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: 'E-wallet' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });

  it('sets state and runs onChange with value and option; re-tapping the current tab does nothing', async () => {
    const { user } = await renderLayout(
      layoutOf([cardTypeTabs, { type: 'text', text: '[{{ state.cardType }}|{{ state.log }}]' }], {
        state: { cardType: 1, log: '' },
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'E-wallet' }));
    expect(screen.getByRole('tab', { name: 'E-wallet' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    screen.getByText('[2|>E-wallet:2]');
    await user.click(screen.getByRole('tab', { name: 'E-wallet' }));
    screen.getByText('[2|>E-wallet:2]');
    await user.click(screen.getByRole('tab', { name: 'Bank card' }));
    screen.getByText('[1|>E-wallet:2>Bank card:1]');
  });

  it('takes tabs from a binding with labelField/valueField', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'tab-switch',
            bind: 'status',
            items: '{{ data.list.tabs }}',
            labelField: 'name',
            valueField: 'code',
          },
          { type: 'text', text: '[{{ state.status }}]' },
        ],
        { dataSources: { list: { endpoint: 'problemList' } }, state: { status: 'open' } },
      ),
      {
        responses: {
          problemList: ok({
            tabs: [
              { name: 'Processing', code: 'open' },
              { name: 'Done', code: 'done' },
            ],
          }),
        },
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Done' }));
    screen.getByText('[done]');
  });

  it('shows labels from layouts and APIs as literal text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          { type: 'tab-switch', bind: 'a', options: [{ label: XSS, value: 'x' }] },
          { type: 'tab-switch', bind: 'b', items: '{{ state.tabs }}' },
        ],
        { state: { tabs: [{ label: '"><svg onload=alert(1)>', value: 1 }] } },
      ),
    );
    screen.getByRole('tab', { name: XSS });
    screen.getByRole('tab', { name: '"><svg onload=alert(1)>' });
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded, user } = await renderLayout(example);
    await user.click(screen.getByRole('tab', { name: 'E-wallet' }));
    screen.getByText('Card type 2');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    expect(recorded.reports).toEqual([]);
  });
});
