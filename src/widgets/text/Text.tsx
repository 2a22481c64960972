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
  if (node.role === 'heading') return <h2 className={className} data-node-id={node.id}>{text}</h2>;
  return <p className={className} data-node-id={node.id}>{text}</p>;
}
