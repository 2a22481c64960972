import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout, ok } from '../support/renderLayout';

describe('generic renderer', () => {
  it('renders siblings of an unknown widget and one fallback naming its pointer (SECURITY 7)', async () => {
    const { recorded } = await renderLayout(
      layoutOf([
        { type: 'text', text: 'before' },
        { type: 'hax' },
        { type: 'text', text: 'after' },
      ]),
    );
    screen.getByText('before');
    screen.getByText('after');
    screen.getByText('Layout problem at /body/1');
    const nodeReports = recorded.reports.filter((r) => r.kind === 'node');
    expect(nodeReports).toHaveLength(1);
    expect(nodeReports[0]?.message).toContain('hax');
  });

  it('shows HTML in layout text literally (SECURITY 1)', async () => {
    const { container } = await renderLayout(
      layoutOf([
        { type: 'text', text: '<img src=x onerror=alert(1)>' },
        { type: 'button', label: '"><svg onload=alert(1)>', onTap: [] },
      ]),
    );
    screen.getByText('<img src=x onerror=alert(1)>');
    screen.getByRole('button', { name: '"><svg onload=alert(1)>' });
    expect(container.querySelector('img, svg')).toBeNull();
  });

  it('falls back for a node with a wrong prop type, keeping siblings', async () => {
    await renderLayout(
      layoutOf([
        { type: 'text', text: 42 },
        { type: 'text', text: 'fine' },
      ]),
    );
    screen.getByText('fine');
    screen.getByText('Layout problem at /body/0/text');
  });

  it('binds texts to data sources and state, and an expression escape is an error value', async () => {
    const { recorded } = await renderLayout(
      layoutOf(
        [
          { type: 'text', text: 'Hello {{ data.user.name }}, {{ state.count + 1 }}' },
          { type: 'text', text: "x{{ constructor.constructor('alert(1)')() }}" },
        ],
        {
          dataSources: { user: { endpoint: 'contactKfInfo', params: { overall: 30 } } },
          state: { count: 1 },
        },
      ),
      { responses: { contactKfInfo: ok({ name: 'Amina' }) } },
    );
    await screen.findByText('Hello Amina, 2');
    // The whole template is an error value: the text shows nothing rather than half a result.
    expect(document.querySelectorAll('p.k-text')[1]?.textContent).toBe('');
    expect(recorded.calls[0]).toMatchObject({ endpoint: 'contactKfInfo', params: { overall: 30 } });
    expect(
      recorded.reports.some((r) => r.kind === 'binding' && r.pointer.startsWith('/body/1/text')),
    ).toBe(true);
  });
});
