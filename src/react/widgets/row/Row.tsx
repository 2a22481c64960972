import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { groupElement } from '../Group';
import './row.css';

/** A horizontal group of children (title/value lines, link rows). */
export default function Row({ node, pointer }: WidgetProps<NodeOf<'row'>>) {
  return groupElement(node, pointer, 'k-row');
}
