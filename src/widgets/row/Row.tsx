import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';
import './row.css';

/** A horizontal group; the same tappable pattern as container so rows and cards behave alike. */
export default function Row({ node, pointer }: WidgetProps<NodeOf<'row'>>) {
  const { run } = useActionRunner(pointer);
  const className = styleClass(node.style, 'k-row');
  const children = <Nodes nodes={node.children} pointer={`${pointer}/children`} />;
  if (node.onTap) {
    return (
      <div role="button" tabIndex={0} className={`${className} k-tappable`} data-node-id={node.id}
        onClick={() => void run(node.onTap, 'onTap')}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault(); // Space would also scroll the page
            void run(node.onTap, 'onTap');
          }
        }}>
        {children}
      </div>
    );
  }
  return <div className={className} data-node-id={node.id}>{children}</div>;
}
