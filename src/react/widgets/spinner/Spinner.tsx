import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './spinner.css';

export default function Spinner({ node, pointer }: WidgetProps<NodeOf<'spinner'>>) {
  const label = useText(node.label ?? msg('common.loading'), `${pointer}/label`);
  return (
    <div id={node.id} role="status" className={styleClass(node.style, 'k-spinner-block')}>
      <span className="k-spinner" aria-hidden="true" />
      {label ? <span>{label}</span> : null}
    </div>
  );
}
