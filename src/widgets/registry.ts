import type { WidgetLoaders } from '../render/widgetTypes';

/**
 * Every widget type of schemas/node.schema.json, each loaded as its own chunk. The mapped type
 * makes a schema type without a widget (or a widget without a schema) a compile error.
 */
export const widgetLoaders: WidgetLoaders = {
  text: () => import('./text/Text'),
  container: () => import('./container/Container'),
  button: () => import('./button/Button'),
  dialog: () => import('./dialog/Dialog'),
};
