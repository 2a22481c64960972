import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Group } from '../Group';

/** A vertical group of children (a card, a section). */
export default function Container({ node, pointer }: WidgetProps<NodeOf<'container'>>) {
  return <Group node={node} pointer={pointer} base="k-container" />;
}
