import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';

export default function Text({ node, pointer }: WidgetProps<NodeOf<'text'>>) {
  const text = useText(node.text, `${pointer}/text`);
  const { run } = useActionRunner(pointer);
  const className = styleClass(node.style, `k-text k-text--${node.role ?? 'paragraph'}`);
  if (node.onTap) {
    return (
      <button type="button" className={`${className} k-text--link`} data-node-id={node.id} onClick={() => void run(node.onTap, 'onTap')}>
        {text}
      </button>
    );
  }
  if (node.role === 'heading') {
    // A page without a page-header names itself with a level-1 heading (screen readers' outline).
    const Heading = node.level === 1 ? 'h1' : node.level === 3 ? 'h3' : 'h2';
    return <Heading className={className} data-node-id={node.id}>{text}</Heading>;
  }
  return <p className={className} data-node-id={node.id}>{text}</p>;
}
