import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText, useValue } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { toDisplayText } from '../../render/resolve';
import { styleClass } from '../styleClass';
import './tab-switch.css';

interface Tab {
  label: string;
  value: unknown;
  /** What onChange sees as option: the data item, or the static option. */
  option: unknown;
}

function field(item: unknown, name: string): unknown {
  if (item === null || typeof item !== 'object' || !Object.hasOwn(item, name)) return undefined;
  return (item as Record<string, unknown>)[name];
}

/** Values from APIs are strings or numbers by whim (card type 1 vs "1"); compare them as text. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return false;
  return String(a) === String(b);
}

function toTabs(list: unknown, labelField: string, valueField: string): Tab[] {
  if (!Array.isArray(list)) return [];
  return list.map((item: unknown) => ({
    label: toDisplayText(field(item, labelField)),
    value: field(item, valueField),
    option: item,
  }));
}

export default function TabSwitch({ node, pointer }: WidgetProps<NodeOf<'tab-switch'>>) {
  const [value, setValue] = useStatePath(node.bind, `${pointer}/bind`);
  const label = useText(node.label, `${pointer}/label`);
  // Static options are resolved too, so their labels may hold bindings.
  const staticOptions = useValue(node.options, `${pointer}/options`);
  const items = useValue(node.options ? undefined : node.items, `${pointer}/items`);
  const { run } = useActionRunner(pointer);
  const tabs = node.options
    ? toTabs(staticOptions, 'label', 'value')
    : toTabs(items, node.labelField ?? 'label', node.valueField ?? 'value');

  const choose = (tab: Tab) => {
    if (sameValue(tab.value, value)) return; // re-tapping the current tab changes nothing
    setValue(tab.value);
    void run(node.onChange, 'onChange', { value: tab.value, option: tab.option });
  };

  return (
    <div role="tablist" aria-label={label || undefined} className={styleClass(node.style, 'k-tab-switch')} data-node-id={node.id}>
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
