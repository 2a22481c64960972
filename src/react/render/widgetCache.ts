import type { ComponentType } from 'react';
import type { CustomWidgets } from './customWidget';
import type { NodeCheck } from './nodeValidators';
import type { WidgetLoaders, WidgetType } from './widgetTypes';

/**
 * Where the renderer finds a node's widget. The app makes one from the widget registry
 * (src/app/shell/widgets.ts) and hands it to Page, so the renderer never imports its widgets (the
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
  /**
   * The check of a node whose type an app added (createWidgetSource's `custom`); undefined for a
   * built-in type, which its schema's validator checks instead.
   */
  checkCustom(node: { type: string }, pointer: string): NodeCheck | undefined;
}

/**
 * `bundled`: widgets already in the caller's chunk (src/react/widgets/core.ts), ready without a
 * load. `custom`: the app's own widgets by node type (a built-in type cannot be replaced: a
 * layout checked against the built-in schema must render as that schema says).
 */
export function createWidgetSource(
  loaders: WidgetLoaders,
  bundled: Partial<Record<WidgetType, ComponentType<never>>> = {},
  custom: CustomWidgets = {},
): WidgetSource {
  const known = (type: string): type is WidgetType => Object.hasOwn(loaders, type);
  const clash = Object.keys(custom).filter(known);
  if (clash.length > 0)
    throw new Error(`Custom widget type "${clash.join('", "')}" is a built-in widget type`);
  const components = new Map<string, ComponentType<never>>(
    Object.entries(bundled).filter((e): e is [string, ComponentType<never>] => e[1] !== undefined),
  );
  for (const [type, widget] of Object.entries(custom))
    components.set(type, widget.component as ComponentType<never>);
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
    checkCustom(node, pointer) {
      if (!Object.hasOwn(custom, node.type)) return undefined;
      const check = custom[node.type]?.check as ((n: unknown) => string | null) | undefined;
      const problem = check?.(node) ?? null;
      return problem === null ? { ok: true } : { ok: false, pointer, message: problem };
    },
  };
}
