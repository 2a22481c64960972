import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { layoutOf, renderLayout } from '../support/renderLayout';

// A text widget that throws for one node: stands in for any widget with a bug.
vi.mock('../../src/react/widgets/text/Text', () => ({
  default: ({ node }: { node: { text: string } }) => {
    if (node.text === 'boom') throw new Error('kaput');
    return <p>{node.text}</p>;
  },
}));

describe('SECURITY 9: a widget that throws while rendering', () => {
  it('is replaced by a fallback for that node only, and reported once', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { recorded } = await renderLayout(
      layoutOf([
        { type: 'text', text: 'left' },
        {
          type: 'container',
          children: [
            { type: 'text', text: 'boom' },
            { type: 'text', text: 'inner sibling' },
          ],
        },
        { type: 'text', text: 'right' },
      ]),
    );
    spy.mockRestore();
    screen.getByText('left');
    screen.getByText('inner sibling');
    screen.getByText('right');
    screen.getByText('Layout problem at /body/1/children/0');
    expect(recorded.reports.filter((r) => r.kind === 'render')).toEqual([
      expect.objectContaining({ pointer: '/body/1/children/0', message: 'kaput' }),
    ]);
  });
});
