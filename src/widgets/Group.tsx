import type { Action } from '../schema/generated/types';
import { Nodes } from '../render/NodeView';
import { useActionRunner } from '../render/useAction';
import { styleClass } from './styleClass';

interface GroupNode {
  id?: string;
  style?: object;
  children: unknown[];
  onTap?: Action[];
}

/**
 * A group of child nodes (container: a column, row: a line). With onTap the whole group is one
 * button, reachable by keyboard, so a link row and a tappable card behave alike.
 */
export function Group({ node, pointer, base }: { node: GroupNode; pointer: string; base: string }) {
  const { run } = useActionRunner(pointer);
  const className = styleClass(node.style, base);
  const children = <Nodes nodes={node.children} pointer={`${pointer}/children`} />;
  if (!node.onTap) return <div className={className} data-node-id={node.id}>{children}</div>;
  return (
    <div
      role="button"
      tabIndex={0}
      className={`${className} k-tappable`}
      data-node-id={node.id}
      onClick={() => void run(node.onTap, 'onTap')}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault(); // Space would also scroll the page
          void run(node.onTap, 'onTap');
        }
      }}
    >
      {children}
    </div>
  );
}
