import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';
import example from '../../layouts/_examples/repeat.json';

const XSS = '<img src=x onerror=alert(1)>';

describe('repeat widget', () => {
  it('renders the template per element with item and index in scope', async () => {
    await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ data.plan.list }}',
            template: [
              {
                type: 'text',
                text: '#{{ index + 1 }} {{ item.periodNo }}: {{ item.totalAmount }}',
              },
            ],
          },
        ],
        { dataSources: { plan: { endpoint: 'installmentPlan' } } },
      ),
      {
        responses: {
          installmentPlan: ok({
            list: [
              { periodNo: 1, totalAmount: 500 },
              { periodNo: 2, totalAmount: 700 },
            ],
          }),
        },
      },
    );
    await screen.findByText('#1 1: 500');
    screen.getByText('#2 2: 700');
  });

  it('renders every row of a list of up to 60, with no list wrappers', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.rows }}',
            key: 'id',
            template: [{ type: 'text', text: '{{ item.name }}' }],
          },
        ],
        { state: { rows } },
      ),
    );
    expect(container.querySelectorAll('.k-repeat > p')).toHaveLength(60);
    screen.getByText('Row 0');
    screen.getByText('Row 59');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('re-renders after the list changes, keyed by the key field', async () => {
    const { user } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.rows }}',
            key: 'id',
            template: [{ type: 'text', text: '{{ item.name }}' }],
          },
          {
            type: 'button',
            label: 'Rename',
            onTap: [{ type: 'setState', path: 'rows[1].name', value: 'Beta!' }],
          },
        ],
        {
          state: {
            rows: [
              { id: 1, name: 'Alpha' },
              { id: 2, name: 'Beta' },
            ],
          },
        },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    screen.getByText('Beta!');
    screen.getByText('Alpha');
  });

  it('shows the empty nodes for an empty or null list', async () => {
    const empty = [{ type: 'text', text: 'No complaints yet' }];
    await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.rows }}',
            template: [{ type: 'text', text: 'row' }],
            empty,
          },
        ],
        { state: { rows: [] } },
      ),
    );
    screen.getByText('No complaints yet');
    expect(screen.queryByText('row')).toBeNull();
  });

  it('a null list is empty; a non-list is reported and shows the empty nodes', async () => {
    const { recorded } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.none }}',
            template: [{ type: 'text', text: 'row' }],
            empty: [{ type: 'text', text: 'empty A' }],
          },
          {
            type: 'repeat',
            items: '{{ state.word }}',
            template: [{ type: 'text', text: 'row' }],
            empty: [{ type: 'text', text: 'empty B' }],
          },
        ],
        { state: { none: null, word: 'abc' } },
      ),
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
            type: 'repeat',
            items: '{{ state.groups }}',
            itemAs: 'group',
            template: [
              {
                type: 'repeat',
                items: '{{ group.steps }}',
                template: [{ type: 'text', text: '{{ group.name }} {{ index }}: {{ item }}' }],
              },
            ],
          },
        ],
        {
          state: {
            groups: [
              { name: 'M-Pesa', steps: ['Dial', 'Pay'] },
              { name: 'Store', steps: ['Go'] },
            ],
          },
        },
      ),
    );
    screen.getByText('M-Pesa 0: Dial');
    screen.getByText('M-Pesa 1: Pay');
    screen.getByText('Store 0: Go');
  });

  it("runs actions in a row with that row's item", async () => {
    const { user, recorded } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.rows }}',
            template: [
              {
                type: 'button',
                label: 'Open {{ item.id }}',
                onTap: [{ type: 'navigate', to: '/complainDetails?problemId={{ item.id }}' }],
              },
            ],
          },
        ],
        { state: { rows: [{ id: 7 }, { id: 9 }] } },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Open 9' }));
    expect(recorded.navigations[0]?.path).toContain('problemId=9');
  });

  it('falls back to positions and reports when the key field repeats', async () => {
    const { recorded } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.rows }}',
            key: 'id',
            template: [{ type: 'text', text: '{{ item.name }}' }],
          },
        ],
        {
          state: {
            rows: [
              { id: 1, name: 'A' },
              { id: 1, name: 'B' },
            ],
          },
        },
      ),
    );
    screen.getByText('A');
    screen.getByText('B');
    expect(recorded.reports.some((r) => r.pointer === '/body/0/key')).toBe(true);
  });

  it('refuses scope names and prototype keys as itemAs', async () => {
    for (const itemAs of ['state', '__proto__']) {
      const { unmount } = await renderLayout(
        layoutOf([
          { type: 'repeat', items: [1], itemAs, template: [{ type: 'text', text: 'row' }] },
        ]),
      );
      screen.getByText('Layout problem at /body/0/itemAs');
      expect(screen.queryByText('row')).toBeNull();
      act(() => unmount());
    }
  });

  it('shows API strings in rows as literal text (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf(
        [
          {
            type: 'repeat',
            items: '{{ state.rows }}',
            template: [{ type: 'text', text: '{{ item }}' }],
          },
        ],
        { state: { rows: [XSS, '{{ state.secret }}'], secret: 'leak' } },
      ),
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

  describe('a long list is windowed: only the rows near the screen are in the page', () => {
    /** jsdom has no layout: the list's place on the screen is what the test says it is. */
    let listTop = 0;
    afterEach(() => {
      vi.restoreAllMocks();
      listTop = 0;
    });
    const placeList = () =>
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
        this: HTMLElement,
      ) {
        const top = this.dataset.nodeId === 'list' ? listTop : 0;
        return {
          top,
          bottom: top,
          left: 0,
          right: 0,
          width: 0,
          height: 0,
          x: 0,
          y: top,
          toJSON: () => ({}),
        } as DOMRect;
      });
    const scrollTo = async (top: number) => {
      listTop = top;
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((r) => setTimeout(r, 50)); // the window moves on the next animation frame
      });
    };
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: `r${i}`,
      name: `Row ${i}`,
      amount: 1,
    }));
    // As on /repay: the first row has its own box, every other row follows "Select all".
    const layout = () =>
      layoutOf(
        [
          {
            type: 'text',
            id: 'total',
            text: "Total: {{ state.first ? sum(state.all ? state.rows : slice(state.rows, 0, 1), 'amount') : 0 }}",
          },
          { type: 'checkbox', id: 'all', label: 'Select all', bind: 'all' },
          {
            type: 'repeat',
            id: 'list',
            items: '{{ state.rows }}',
            key: 'id',
            template: [
              {
                type: 'checkbox',
                visible: '{{ index === 0 }}',
                bind: 'first',
                label: '{{ item.name }}',
              },
              {
                type: 'checkbox',
                visible: '{{ index > 0 }}',
                bind: 'all',
                label: '{{ item.name }}',
                disabled: true,
              },
            ],
          },
        ],
        { state: { rows, all: false, first: true } },
      );

    it('renders a window of rows, numbered for screen readers; select all and the total cover all 1000; the last row is reached by scrolling', async () => {
      placeList();
      const { container, user } = await renderLayout(layout());
      const list = () => screen.getByRole('list');
      const box = (name: string) => within(list()).queryByRole('checkbox', { name });
      expect((box('Row 0') as HTMLInputElement | null)?.checked).toBe(true);
      expect(box('Row 999')).toBeNull();
      const items = within(list()).getAllByRole('listitem');
      expect(items.length).toBeGreaterThan(5);
      expect(items.length).toBeLessThan(60);
      expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
      expect(items[0]?.getAttribute('aria-setsize')).toBe('1000');
      screen.getByText('Total: 1');

      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
      screen.getByText('Total: 1000');

      // Scrolled to the end: the last rows replace the first ones, the last one selected too.
      await scrollTo(-(1000 * 56 - 800));
      expect((box('Row 999') as HTMLInputElement | null)?.checked).toBe(true);
      expect(box('Row 0')).toBeNull();
      const last = within(list()).getAllByRole('listitem').at(-1);
      expect(last?.getAttribute('aria-posinset')).toBe('1000');
      expect(within(list()).getAllByRole('listitem').length).toBeLessThan(60);
      expect(container.querySelectorAll('[data-row-index]').length).toBeLessThan(60);
      screen.getByText('Total: 1000');

      // Back to the top: the first row, still selected; unticking it empties the total.
      await scrollTo(0);
      await user.click(box('Row 0') as HTMLElement);
      screen.getByText('Total: 0');
      await user.click(box('Row 0') as HTMLElement);
      screen.getByText('Total: 1000');
    });

    it('keeps the row that has keyboard focus in the page when it is scrolled away', async () => {
      placeList();
      await renderLayout(layout());
      const first = screen.getByRole('checkbox', { name: 'Row 0' });
      first.focus();
      await scrollTo(-(1000 * 56 - 800));
      screen.getByRole('checkbox', { name: 'Row 999' });
      expect(screen.getByRole('checkbox', { name: 'Row 0' })).toBe(document.activeElement);
      // Focus leaves the list: the row goes with the rest.
      screen.getByRole('checkbox', { name: 'Select all' }).focus();
      await scrollTo(-(1000 * 56 - 800) - 1);
      expect(screen.queryByRole('checkbox', { name: 'Row 0' })).toBeNull();
    });
  });
});
