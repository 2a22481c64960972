import type { ReactNode } from 'react';
import type { Action } from '@kopa/contract';
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
 * A group of child nodes (container: a column, row: a line), as the element its widget renders.
 * A plain function, not a component, and without hooks unless the group is tappable: containers
 * and rows are most of a screen's nodes, so each costs React one fiber and no hook.
 * With onTap the whole group is one button, reachable by keyboard, so a link row and a tappable
 * card behave alike.
 */
export function groupElement(node: GroupNode, pointer: string, base: string): ReactNode {
  const className = styleClass(node.style, base);
  const children = <Nodes nodes={node.children} pointer={`${pointer}/children`} />;
  if (!node.onTap)
    return (
      <div className={className} data-node-id={node.id}>
        {children}
      </div>
    );
  return (
    <TappableGroup id={node.id} className={className} onTap={node.onTap} pointer={pointer}>
      {children}
    </TappableGroup>
  );
}

function TappableGroup({
  id,
  className,
  onTap,
  pointer,
  children,
}: {
  id?: string;
  className: string;
  onTap: Action[];
  pointer: string;
  children: ReactNode;
}) {
  const { run } = useActionRunner(pointer);
  return (
    <div
      role="button"
      tabIndex={0}
      className={`${className} k-tappable`}
      data-node-id={id}
      onClick={() => void run(onTap, 'onTap')}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault(); // Space would also scroll the page
          void run(onTap, 'onTap');
        }
      }}
    >
      {children}
    </div>
  );
}
