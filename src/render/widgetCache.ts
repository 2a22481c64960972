import type { ComponentType } from 'react';
import { widgetLoaders } from '../widgets/registry';
import type { WidgetType } from './widgetTypes';

const components = new Map<string, ComponentType<never>>();

function isWidgetType(type: string): type is WidgetType {
  return Object.hasOwn(widgetLoaders, type);
}

export function loadedWidget(type: string): ComponentType<never> | undefined {
  return components.get(type);
}

/**
 * Loads the widget chunks a layout uses, all at once, before the page renders: each widget is
 * its own chunk, so a page downloads only its widgets and never waits in a waterfall.
 */
export async function preloadWidgets(types: Iterable<string>): Promise<void> {
  const wanted = [...new Set(types)].filter((t) => isWidgetType(t) && !components.has(t));
  await Promise.all(
    wanted.map(async (type) => {
      const mod = await widgetLoaders[type as WidgetType]();
      components.set(type, mod.default as ComponentType<never>);
    }),
  );
}

export { collectTypes } from '../schema/collectTypes';
