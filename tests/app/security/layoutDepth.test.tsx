// @vitest-environment jsdom
/**
 * SECURITY 6 in the browser: a layout nested thousands of levels deep is refused by
 * the shell's loader, with the same limit as the server and npm run validate, before the data
 * sources, the compiled validators or the renderer see it. The route shows the error screen with
 * Retry, and Retry loads the layout again.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../../src/react/render/toast/toastStore';
import { MAX_LAYOUT_DEPTH } from '../../../src/contract/schema/layoutLimits';
import { LayoutRoute } from '../../../src/app/shell/LayoutRoute';
import { loadLayout } from '../../../src/app/shell/loadLayout';
import { layoutOf, renderLayout } from '../../support/renderLayout';
import { compiledAround, compiledText } from '../../support/compiled';

/** Written as text: JSON.stringify itself runs out of stack on very deep values. */
function deepLayoutText(levels: number, id = 'customer-service'): string {
  const node = `${'{"type":"container","children":['.repeat(levels)}{"type":"text","text":"deep"}${']}'.repeat(levels)}`;
  return `{"id":"${id}","version":1,"title":"Deep","body":[${node}]}`;
}

/** A value nested `levels` containers deep, built without recursion. */
function nestedNodes(levels: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let node = leaf;
  for (let i = 0; i < levels; i += 1) node = { type: 'container', children: [node] };
  return node;
}

function stubFetch(bodies: string[]) {
  const requested: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    if (url.includes('/layouts/')) {
      const body = bodies.length > 1 ? bodies.shift()! : bodies[0]!;
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify({ code: 0, message: 'success', data: {} }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requested };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the layout loader bounds depth before anything recursive runs', () => {
  it.each([1_500, 5_000, 100_000])(
    'a %i-deep layout is a bounded error naming where the limit is crossed',
    async (levels) => {
      stubFetch([compiledAround(deepLayoutText(levels))]);
      const onParsed = vi.fn();
      const result = await loadLayout('customer-service', new AbortController().signal, onParsed);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.message).toContain('too deeply nested');
      expect(result.message).toContain(
        `more than ${MAX_LAYOUT_DEPTH} levels at /body/0/children/0/`,
      );
      // The data sources never started.
      expect(onParsed).not.toHaveBeenCalled();
    },
  );

  it('a flat layout with more than 100,000 values is refused as too large', async () => {
    const many = `{"id":"customer-service","version":1,"title":"Big","body":[],"state":{"list":[${'0,'.repeat(150_000)}0]}}`;
    stubFetch([compiledAround(many)]);
    const result = await loadLayout('customer-service', new AbortController().signal);
    expect(result).toEqual({
      ok: false,
      message: 'The page layout is too large (at /state/list).',
    });
  });

  it('a 5,000-deep layout shows the error screen with Retry; Retry loads the fixed layout', async () => {
    const fixed = compiledText(
      layoutOf([{ type: 'text', text: 'Fixed page' }], { id: 'customer-service' }),
    );
    const { requested } = stubFetch([compiledAround(deepLayoutText(5_000)), fixed]);
    const user = userEvent.setup();
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/customerService?userId=10001&sessionId=s1']}>
          <LayoutRoute layoutName="customer-service" toasts={createToastStore()} />
        </MemoryRouter>,
      );
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The page layout is too deeply nested');
    const layoutFetches = () =>
      requested.filter((u) => u.includes('/layouts/customer-service.compiled.json')).length;
    expect(layoutFetches()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Fixed page');
    expect(layoutFetches()).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('everything recursive is safe at the limit', () => {
  it(`a layout exactly ${MAX_LAYOUT_DEPTH} levels deep loads and renders every level`, async () => {
    // body/0 is 2 levels, each container 2 more (children/0), the text's style/tone 2 more.
    const levels = (MAX_LAYOUT_DEPTH - 4) / 2;
    expect(Number.isInteger(levels)).toBe(true);
    const leaf = { type: 'text', text: 'at the limit {{ state.n }}', style: { tone: 'muted' } };
    const layout = layoutOf([nestedNodes(levels, leaf)], {
      id: 'customer-service',
      state: { n: 1 },
    });
    stubFetch([
      compiledText(layout),
      compiledText(layoutOf([nestedNodes(levels + 1, leaf)], { id: 'customer-service' })),
    ]);
    expect(await loadLayout('customer-service', new AbortController().signal)).toMatchObject({
      ok: true,
    });
    // One widget more is past the limit.
    expect(await loadLayout('customer-service', new AbortController().signal)).toMatchObject({
      ok: false,
      message: expect.stringContaining('too deeply nested'),
    });
    vi.unstubAllGlobals();

    const { recorded } = await renderLayout(layout);
    screen.getByText('at the limit 1');
    expect(recorded.reports).toEqual([]);
  });
});
