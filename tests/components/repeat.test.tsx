import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/repeat.json';

const XSS = '<img src=x onerror=alert(1)>';

describe('repeat widget', () => {
  it('renders the template per element with item and index in scope', async () => {
    await renderLayout(
      layoutOf(
        [{ type: 'repeat', items: '{{ data.plan.list }}', template: [{ type: 'text', text: '#{{ index + 1 }} {{ item.periodNo }}: {{ item.totalAmount }}' }] }],
        { dataSources: { plan: { endpoint: 'installmentPlan' } } },
      ),
      { responses: { installmentPlan: ok({ list: [{ periodNo: 1, totalAmount: 500 }, { periodNo: 2, totalAmount: 700 }] }) } },
    );
    await screen.findByText('#1 1: 500');
    screen.getByText('#2 2: 700');
  });

  it('renders 1000 rows', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
    const { container } = await renderLayout(
      layoutOf([{ type: 'repeat', items: '{{ state.rows }}', key: 'id', template: [{ type: 'text', text: '{{ item.name }}' }] }], { state: { rows } }),
    );
    expect(container.querySelectorAll('.k-repeat > p')).toHaveLength(1000);
    screen.getByText('Row 0');
    screen.getByText('Row 999');
  });

  it('re-renders after the list changes, keyed by the key field', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          { type: 'repeat', items: '{{ state.rows }}', key: 'id', template: [{ type: 'text', text: '{{ item.name }}' }] },
          { type: 'button', label: 'Rename', onTap: [{ type: 'setState', path: 'rows[1].name', value: 'Beta!' }] },
        ],
        { state: { rows: [{ id: 1, name: 'Alpha' }, { id: 2, name: 'Beta' }] } },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    screen.getByText('Beta!');
    screen.getByText('Alpha');
  });

  it('shows the empty nodes for an empty or null list', async () => {
    const empty = [{ type: 'text', text: 'No complaints yet' }];
    await renderLayout(layoutOf([{ type: 'repeat', items: '{{ state.rows }}', template: [{ type: 'text', text: 'row' }], empty }], { state: { rows: [] } }));
    screen.getByText('No complaints yet');
    expect(screen.queryByText('row')).toBeNull();
  });

  it('a null list is empty; a non-list is reported and shows the empty nodes', async () => {
    const { recorded } = await renderLayout(
      layoutOf([
        { type: 'repeat', items: '{{ state.none }}', template: [{ type: 'text', text: 'row' }], empty: [{ type: 'text', text: 'empty A' }] },
        { type: 'repeat', items: '{{ state.word }}', template: [{ type: 'text', text: 'row' }], empty: [{ type: 'text', text: 'empty B' }] },
      ], { state: { none: null, word: 'abc' } }),
    );
    screen.getByText('empty A');
    screen.getByText('empty B');
    expect(recorded.reports.filter((r) => r.pointer.startsWith('/body/0'))).toEqual([]);
    expect(recorded.reports.some((r) => r.pointer === '/body/1/items')).toBe(true);
  });

  it('itemAs keeps the outer item reachable in a nested repeat', async () => {
    await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat', items: '{{ state.groups }}', itemAs: 'group',
            template: [{ type: 'repeat', items: '{{ group.steps }}', template: [{ type: 'text', text: '{{ group.name }} {{ index }}: {{ item }}' }] }],
          },
        ],
        { state: { groups: [{ name: 'M-Pesa', steps: ['Dial', 'Pay'] }, { name: 'Store', steps: ['Go'] }] } },
      ),
    );
    screen.getByText('M-Pesa 0: Dial');
    screen.getByText('M-Pesa 1: Pay');
    screen.getByText('Store 0: Go');
  });

  it('runs actions in a row with that row\'s item', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf(
        [{ type: 'repeat', items: '{{ state.rows }}', template: [{ type: 'button', label: 'Open {{ item.id }}', onTap: [{ type: 'navigate', to: '/complainDetails?problemId={{ item.id }}' }] }] }],
        { state: { rows: [{ id: 7 }, { id: 9 }] } },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Open 9' }));
    expect(recorded.navigations[0]?.path).toContain('problemId=9');
  });

  it('falls back to positions and reports when the key field repeats', async () => {
    const { recorded } = await renderLayout(
      layoutOf([{ type: 'repeat', items: '{{ state.rows }}', key: 'id', template: [{ type: 'text', text: '{{ item.name }}' }] }], {
        state: { rows: [{ id: 1, name: 'A' }, { id: 1, name: 'B' }] },
      }),
    );
    screen.getByText('A');
    screen.getByText('B');
    expect(recorded.reports.some((r) => r.pointer === '/body/0/key')).toBe(true);
  });

  it('refuses scope names and prototype keys as itemAs', async () => {
    for (const itemAs of ['state', '__proto__']) {
      const { unmount } = await renderLayout(
        layoutOf([{ type: 'repeat', items: [1], itemAs, template: [{ type: 'text', text: 'row' }] }]),
      );
      screen.getByText('Layout problem at /body/0/itemAs');
      expect(screen.queryByText('row')).toBeNull();
      act(() => unmount());
    }
  });

  it('shows API strings in rows as literal text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([{ type: 'repeat', items: '{{ state.rows }}', template: [{ type: 'text', text: '{{ item }}' }] }], { state: { rows: [XSS, '{{ state.secret }}'], secret: 'leak' } }),
    );
    screen.getByText(XSS);
    screen.getByText('{{ state.secret }}');
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('renders its example layout', async () => {
    const { recorded } = await renderLayout(example);
    screen.getByText('3/3 2027-02-01');
    screen.getByText('No complaints yet');
    expect(recorded.reports).toEqual([]);
  });

  describe('a long list renders as the borrower scrolls (issue 10)', () => {
    /** A stand-in for the browser's IntersectionObserver: the test says when the end is near. */
    const observed: { el: Element; cb: IntersectionObserverCallback }[] = [];
    class FakeObserver {
      constructor(private cb: IntersectionObserverCallback) {}
      observe(el: Element) { observed.push({ el, cb: this.cb }); }
      disconnect() { for (let i = observed.length - 1; i >= 0; i--) if (observed[i]?.cb === this.cb) observed.splice(i, 1); }
      unobserve() {}
      takeRecords() { return []; }
    }
    afterEach(() => { vi.unstubAllGlobals(); observed.length = 0; });
    const scrollNearEnd = () => act(() => {
      for (const { el, cb } of [...observed]) cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    });

    it('shows the first rows at once, more when the end nears, and totals and select all cover every row', async () => {
      vi.stubGlobal('IntersectionObserver', FakeObserver);
      const rows = Array.from({ length: 1000 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}`, amount: 1 }));
      const { container, user } = await renderLayout(
        layoutOf([
          { type: 'text', id: 'total', text: 'Total: {{ sum(state.all ? state.rows : slice(state.rows, 0, 1), \'amount\') }}' },
          { type: 'checkbox', id: 'all', label: 'Select all', bind: 'all' },
          { type: 'repeat', id: 'list', items: '{{ state.rows }}', key: 'id', template: [{ type: 'text', text: '{{ item.name }}' }] },
        ], { state: { rows, all: false } }),
      );
      const list = () => container.querySelector('[data-node-id="list"]') as HTMLElement;
      within(list()).getByText('Row 0');
      expect(within(list()).queryByText('Row 999')).toBeNull();
      const first = within(list()).getAllByText(/^Row /).length;
      expect(first).toBeLessThan(100);

      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      screen.getByText('Total: 1000');

      scrollNearEnd();
      expect(within(list()).getAllByText(/^Row /).length).toBeGreaterThan(first);
      for (let i = 0; i < 30 && !within(list()).queryByText('Row 999'); i++) scrollNearEnd();
      within(list()).getByText('Row 999');
      expect(within(list()).getAllByText(/^Row /)).toHaveLength(1000);
      screen.getByText('Total: 1000');
    });
  });
});
