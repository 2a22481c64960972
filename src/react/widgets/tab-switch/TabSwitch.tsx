import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText, useValue } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import { sameValue, toChoices, type Choice } from '../choices';
import './tab-switch.css';

export default function TabSwitch({ node, pointer }: WidgetProps<NodeOf<'tab-switch'>>) {
  const [value, setValue] = useStatePath(node.bind, `${pointer}/bind`);
  const label = useText(node.label, `${pointer}/label`);
  // Static options are resolved too, so their labels may hold bindings.
  const staticOptions = useValue(node.options, `${pointer}/options`);
  const items = useValue(node.options ? undefined : node.items, `${pointer}/items`);
  const { run } = useActionRunner(pointer);
  const tabs = node.options
    ? toChoices(staticOptions, 'label', 'value')
    : toChoices(items, node.labelField ?? 'label', node.valueField ?? 'value');

  const choose = (tab: Choice) => {
    if (sameValue(tab.value, value)) return; // re-tapping the current tab changes nothing
    setValue(tab.value);
    void run(node.onChange, 'onChange', { value: tab.value, option: tab.option });
  };

  return (
    <div
      role="tablist"
      aria-label={label || undefined}
      className={styleClass(node.style, 'k-tab-switch')}
      data-node-id={node.id}
    >
      {tabs.map((tab, i) => {
        const selected = sameValue(tab.value, value);
        return (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={selected}
            className={`k-tab-switch__tab${selected ? ' k-tab-switch__tab--selected' : ''}`}
            onClick={() => choose(tab)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
