import type { ComponentType } from 'react';
import type { WidgetLoaders, WidgetType } from './widgetTypes';

/**
 * Where the renderer finds a node's widget. The shell makes one from the widget registry
 * (src/app/shell/widgets.ts) and hands it to Page, so the renderer never imports src/react/widgets (the
 * widgets import the renderer's hooks: importing them back would close a cycle).
 */
export interface WidgetSource {
  /** The component of a type whose chunk has loaded; undefined before that, or for an unknown type. */
  get(type: string): ComponentType<never> | undefined;
  /**
   * Loads the widget chunks a layout uses, all at once, before the page renders: each widget is
   * its own chunk, so a page downloads only its widgets and never waits in a waterfall.
   */
  preload(types: Iterable<string>): Promise<void>;
}

/** `bundled`: widgets already in the caller's chunk (src/react/widgets/core.ts), ready without a load. */
export function createWidgetSource(
  loaders: WidgetLoaders,
  bundled: Partial<Record<WidgetType, ComponentType<never>>> = {},
): WidgetSource {
  const components = new Map<string, ComponentType<never>>(
    Object.entries(bundled).filter((e): e is [string, ComponentType<never>] => e[1] !== undefined),
  );
  const known = (type: string): type is WidgetType => Object.hasOwn(loaders, type);
  return {
    get: (type) => components.get(type),
    async preload(types) {
      const wanted = [...new Set(types)].filter((t) => known(t) && !components.has(t));
      await Promise.all(
        wanted.map(async (type) => {
          const mod = await loaders[type as WidgetType]();
          components.set(type, mod.default as ComponentType<never>);
        }),
      );
    },
  };
}
