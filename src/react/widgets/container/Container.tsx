import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { groupElement } from '../Group';

/** A vertical group of children (a card, a section). */
export default function Container({ node, pointer }: WidgetProps<NodeOf<'container'>>) {
  return groupElement(node, pointer, 'k-container');
}
