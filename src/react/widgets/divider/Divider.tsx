import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { styleClass } from '../styleClass';
import './divider.css';

export default function Divider({ node }: WidgetProps<NodeOf<'divider'>>) {
  const space = node.space ?? 'm';
  if (node.line === false) {
    // Pure spacing says nothing to a screen reader.
    return (
      <div
        aria-hidden="true"
        className={styleClass(node.style, `k-divider k-divider--space k-divider--${space}`)}
        data-node-id={node.id}
      />
    );
  }
  return (
    <hr
      className={styleClass(node.style, `k-divider k-divider--${space}`)}
      data-node-id={node.id}
    />
  );
}
