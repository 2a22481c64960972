import type { ComponentType } from 'react';
import type { WidgetProps } from './widgetTypes';

/** The node of a widget an app adds: its `type`, and whatever properties the widget reads. */
export interface CustomNode {
  type: string;
  id?: string;
  visible?: boolean | string;
}

/**
 * A widget an app adds to the renderer (createWidgetSource's `custom`, by node type). Its
 * component receives the node and its JSON pointer like every built-in widget, and may use the
 * renderer's hooks (useText, useValue, useActionRunner) to read bindings and run actions.
 */
export interface CustomWidget<N extends CustomNode = CustomNode> {
  component: ComponentType<WidgetProps<N>>;
  /**
   * Checks a node of this type before it renders, in place of a built-in widget's schema: a
   * message for what is wrong (the node then renders as a fallback and is reported), or null.
   * Without it, every node of the type renders.
   */
  check?: (node: N) => string | null;
}

export type CustomWidgets = Readonly<Record<string, CustomWidget<never>>>;

/** Keeps a custom widget's node type for its component and its check (an identity function). */
export function defineWidget<N extends CustomNode>(widget: CustomWidget<N>): CustomWidget<never> {
  return widget as unknown as CustomWidget<never>;
}
