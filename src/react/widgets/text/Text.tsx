import type { Action } from '@kopa/contract';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';

export default function Text({ node, pointer }: WidgetProps<NodeOf<'text'>>) {
  const text = useText(node.text, `${pointer}/text`);
  const className = styleClass(node.style, `k-text k-text--${node.role ?? 'paragraph'}`);
  // Only a tappable text needs an action runner (its hooks): most texts of a screen are not.
  if (node.onTap)
    return (
      <TappableText id={node.id} className={className} onTap={node.onTap} pointer={pointer}>
        {text}
      </TappableText>
    );
  if (node.role === 'heading') {
    // A page without a page-header names itself with a level-1 heading (screen readers' outline).
    const Heading = node.level === 1 ? 'h1' : node.level === 3 ? 'h3' : 'h2';
    return (
      <Heading className={className} data-node-id={node.id}>
        {text}
      </Heading>
    );
  }
  return (
    <p className={className} data-node-id={node.id}>
      {text}
    </p>
  );
}

function TappableText({
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
  children: string;
}) {
  const { run } = useActionRunner(pointer);
  return (
    <button
      type="button"
      className={`${className} k-text--link`}
      data-node-id={id}
      onClick={() => void run(onTap, 'onTap')}
    >
      {children}
    </button>
  );
}
