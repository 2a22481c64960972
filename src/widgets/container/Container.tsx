import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';

export default function Container({ node, pointer }: WidgetProps<NodeOf<'container'>>) {
  const { run } = useActionRunner(pointer);
  const className = styleClass(node.style, 'k-container');
  const children = <Nodes nodes={node.children} pointer={`${pointer}/children`} />;
  if (node.onTap) {
    return (
      <div role="button" tabIndex={0} className={`${className} k-tappable`} data-node-id={node.id}
        onClick={() => void run(node.onTap, 'onTap')}
        onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') void run(node.onTap, 'onTap'); }}>
        {children}
      </div>
    );
  }
  return <div className={className} data-node-id={node.id}>{children}</div>;
}
