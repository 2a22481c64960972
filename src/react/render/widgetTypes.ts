import type { ComponentType } from 'react';
import type { LayoutNode } from '@kopa/contract';

export type WidgetType = LayoutNode['type'];
export type NodeOf<T extends WidgetType> = Extract<LayoutNode, { type: T }>;

/** What every widget receives: its node (already validated against its schema) and its pointer. */
export interface WidgetProps<N> {
  node: N;
  /** JSON pointer of the node in the layout, e.g. /body/2/children/0. */
  pointer: string;
}

export interface WidgetModule<T extends WidgetType> {
  default: ComponentType<WidgetProps<NodeOf<T>>>;
}

export type WidgetLoaders = { [T in WidgetType]: () => Promise<WidgetModule<T>> };
