import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import {
  coreWidgets,
  createWidgetSource,
  defineWidget,
  useText,
  widgetLoaders,
  type WidgetProps,
} from '../../src/react/index';

interface BadgeNode {
  type: 'badge';
  label: string;
}

function Badge({ node, pointer }: WidgetProps<BadgeNode>) {
  const label = useText(node.label, `${pointer}/label`);
  return <strong className="badge">{label}</strong>;
}

const badge = defineWidget<BadgeNode>({
  component: Badge,
  check: (node) => (typeof node.label === 'string' ? null : 'a badge needs a "label" text'),
});

describe('a widget an app adds', () => {
  it('renders beside the built-in widgets, its bindings resolved', async () => {
    const widgets = createWidgetSource(widgetLoaders, coreWidgets, { badge });
    const { recorded } = await renderLayout(
      layoutOf([
        { type: 'text', text: 'Built in' },
        { type: 'badge', label: 'Due {{ 1 + 1 }} days' },
      ]),
      { widgets },
    );
    screen.getByText('Built in');
    expect(screen.getByText('Due 2 days').tagName).toBe('STRONG');
    expect(recorded.reports).toEqual([]);
  });

  it('is refused by its own check: the fallback names the node and it is reported', async () => {
    const widgets = createWidgetSource(widgetLoaders, coreWidgets, { badge });
    const { recorded } = await renderLayout(layoutOf([{ type: 'badge' }]), { widgets });
    expect(document.querySelector('.badge')).toBeNull();
    expect(recorded.reports).toEqual([
      { pointer: '/body/0', message: 'a badge needs a "label" text', kind: 'node' },
    ]);
  });

  it('renders every node of its type when it has no check of its own', async () => {
    const widgets = createWidgetSource(widgetLoaders, coreWidgets, {
      badge: defineWidget<BadgeNode>({ component: Badge }),
    });
    const { recorded } = await renderLayout(layoutOf([{ type: 'badge', label: 'Any' }]), {
      widgets,
    });
    screen.getByText('Any');
    expect(recorded.reports).toEqual([]);
  });

  it('cannot take the name of a built-in widget', () => {
    expect(() => createWidgetSource(widgetLoaders, coreWidgets, { text: badge })).toThrow(
      'Custom widget type "text" is a built-in widget type',
    );
  });

  it('is unknown to a source it was not given', async () => {
    const { recorded } = await renderLayout(layoutOf([{ type: 'badge', label: 'x' }]));
    expect(screen.queryByText('x')).toBeNull();
    expect(recorded.reports[0]?.message).toBe('Unknown widget type "badge"');
  });
});
