import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useCondition, useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';

/** Disabled while its actions run, so a double tap or Enter plus click sends one request. */
export default function Button({ node, pointer }: WidgetProps<NodeOf<'button'>>) {
  const label = useText(node.label, `${pointer}/label`);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const { run, pending } = useActionRunner(pointer);
  return (
    <button
      type="button"
      id={node.id}
      className={styleClass(node.style, `k-button k-button--${node.variant ?? 'primary'}`)}
      disabled={disabled || pending}
      aria-busy={pending}
      onClick={() => void run(node.onTap, 'onTap')}
    >
      {pending ? <span className="k-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
