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

/** Every widget type in a layout value (body, dialogs, data-source states), however deep. */
export function collectTypes(value: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 200) return out; // a pathological tree is caught by the depth check elsewhere
  if (Array.isArray(value)) for (const v of value) collectTypes(v, out, depth + 1);
  else if (value !== null && typeof value === 'object') {
    const type = (value as { type?: unknown }).type;
    if (typeof type === 'string') out.add(type);
    for (const v of Object.values(value)) if (v !== null && typeof v === 'object') collectTypes(v, out, depth + 1);
  }
  return out;
}
