import { useId } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { useCondition, useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import './checkbox.css';

/**
 * A tick box bound to a boolean. The inline children (agreement links) sit outside the <label>,
 * so tapping a link opens the agreement instead of also toggling the box.
 */
export default function Checkbox({ node, pointer }: WidgetProps<NodeOf<'checkbox'>>) {
  const extraId = useId();
  const [value, setValue] = useStatePath(node.bind, `${pointer}/bind`);
  const label = useText(node.label, `${pointer}/label`);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const { run } = useActionRunner(pointer);
  // Only a real true ticks the box: "0" or "false" from a server must not read as agreement.
  const checked = value === true;
  const hasExtra = node.children !== undefined && node.children.length > 0;

  const toggle = () => {
    const next = !checked;
    setValue(next);
    void run(node.onChange, 'onChange', { value: next });
  };

  return (
    <div className={styleClass(node.style, 'k-checkbox')} data-node-id={node.id}>
      <label className="k-checkbox__label">
        <input
          type="checkbox"
          className="k-checkbox__box"
          checked={checked}
          disabled={disabled}
          // Without its own label text the box is named by the inline nodes after it.
          aria-labelledby={!label && hasExtra ? extraId : undefined}
          onChange={toggle}
        />
        {label ? <span className="k-checkbox__text">{label}</span> : null}
      </label>
      {hasExtra ? (
        <div id={extraId} className="k-checkbox__extra">
          <Nodes nodes={node.children} pointer={`${pointer}/children`} />
        </div>
      ) : null}
    </div>
  );
}
