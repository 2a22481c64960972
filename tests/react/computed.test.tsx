/**
 * Page-level computed values (layout.computed): read as computed.<name> by any binding, one
 * reading another, evaluated once per state snapshot and kept in step with state.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import { computedValues } from '../../src/runtime/computed';
import { resolveValue } from '../../src/runtime/resolve';
import { createFakeEnv } from '../support/renderLayout';

describe('layout.computed', () => {
  it('feeds texts, conditions and action params, one computed reading another, and follows state', async () => {
    const layout = layoutOf(
      [
        { type: 'text', id: 'total', text: 'Total {{ money(computed.total) }}' },
        { type: 'text', id: 'big', visible: '{{ computed.big }}', text: 'Big order' },
        {
          type: 'button',
          id: 'more',
          label: 'More',
          onTap: [{ type: 'setState', path: 'count', value: '{{ state.count + 1 }}' }],
        },
        {
          type: 'button',
          id: 'pay',
          label: 'Pay',
          onTap: [
            { type: 'http', endpoint: 'generateVcode', params: { amount: '{{ computed.total }}' } },
          ],
        },
      ],
      {
        state: { count: 1 },
        dataSources: { plan: { endpoint: 'installmentPlan' } },
        computed: {
          unit: '{{ data.plan.amountMin }}',
          total: '{{ computed.unit * state.count }}',
          big: '{{ computed.total > 100000 }}',
        },
      },
    );
    const { user, recorded } = await renderLayout(layout, {
      responses: {
        installmentPlan: ok({ amountMin: 60000, amountMax: 100000 }),
        generateVcode: ok({}),
      },
    });
    await screen.findByText('Total 600,00');
    expect(screen.queryByText('Big order')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByText('Total 1.200,00');
    screen.getByText('Big order');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(recorded.calls.find((c) => c.endpoint === 'generateVcode')?.params).toEqual({
      amount: 120000,
    });
    expect(recorded.reports).toEqual([]);
  });

  it('evaluates a computed value once per snapshot: every binding gets the same value', () => {
    const { env, recorded } = createFakeEnv();
    const snapshot = {};
    const defs = { pair: '{{ { n: state.n } }}', loop: '{{ computed.loop }}' };
    const base = { state: { n: 1 } };
    const computed = computedValues(snapshot, defs, base, env);
    expect(computedValues(snapshot, defs, base, env)).toBe(computed);
    const scope = { ...base, computed };
    const a = resolveValue('{{ computed.pair }}', scope, '/a', []);
    const b = resolveValue('{{ computed.pair }}', scope, '/b', []);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    // A new snapshot is evaluated afresh.
    const next = computedValues({}, defs, { state: { n: 2 } }, env);
    expect(
      resolveValue('{{ computed.pair.n }}', { state: { n: 2 }, computed: next }, '/c', []),
    ).toBe(2);
    // A cycle that reached the browser reads as undefined and is reported once.
    expect(resolveValue('{{ computed.loop }}', scope, '/d', [])).toBeUndefined();
    expect(resolveValue('{{ computed.loop }}', scope, '/d', [])).toBeUndefined();
    expect(recorded.reports).toEqual([
      {
        pointer: '/computed/loop',
        message: 'computed "loop" reads itself (loop -> loop)',
        kind: 'binding',
      },
    ]);
  });
});
