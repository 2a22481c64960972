import { memo, useContext, useEffect, useMemo } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { LocalScopeContext, usePageRuntime, type LocalScope } from '../../render/contexts';
import { useText, useValue } from '../../render/useBinding';
import { useStatePath } from '../../render/useStatePath';
import { getAtPath, parseStatePath, setAtPathDraft } from '@kopa/expr';
import { styleClass } from '../styleClass';
import Input from '../input/Input';
import EnumPicker from '../enum-picker/EnumPicker';
import TabSwitch from '../tab-switch/TabSwitch';
import { collectValues, itemShown, presetValues, toFormItems, type FormItem } from './formItems';
import './server-form.css';

type ServerFormNode = NodeOf<'server-form'>;

const NONE: readonly string[] = Object.freeze([]);
const NO_MATCH: Readonly<Record<string, unknown>> = Object.freeze({});
const PICKER_KINDS: readonly string[] = Object.freeze(['enum', 'citySelect']);

/**
 * The nodes one item renders as: the same input, enum-picker and tab-switch widgets a layout
 * uses, reading the item through the local `formItem`. Server text therefore reaches them only
 * as values (never as layout text, where `{{ }}` would be read as a binding).
 */
function itemNode(item: FormItem, node: ServerFormNode): Record<string, unknown> {
  const common = {
    bind: node.bind,
    bindKey: '{{ formItem.code }}',
    label: '{{ formItem.title }}',
    placeholder: '{{ formItem.placeholder }}',
    // Rules the server sent with the item: a validate action naming the form checks them.
    ...(item.rules ? { rules: '{{ formItem.rules }}' } : {}),
  };
  if (item.kind === 'tabs') {
    return {
      type: 'tab-switch',
      bind: `${node.bind}["${item.code}"]`,
      label: '{{ formItem.title }}',
      items: '{{ formItem.options }}',
      labelField: 'name',
      valueField: 'type',
    };
  }
  if (item.kind === 'picker') {
    return {
      type: 'enum-picker',
      ...common,
      options: '{{ formItem.options }}',
      labelField: 'name',
      valueField: 'type',
      confirmLabel: node.confirmLabel ?? 'Confirm',
      cancelLabel: node.cancelLabel ?? 'Cancel',
    };
  }
  return {
    type: 'input',
    ...common,
    inputType: item.kind === 'numeric' ? 'numeric' : 'text',
    maxLength: node.maxLength ?? 200,
  };
}

const ItemRow = memo(function ItemRow({
  item,
  node,
  parent,
  pointer,
}: {
  item: FormItem;
  node: ServerFormNode;
  parent: LocalScope;
  pointer: string;
}) {
  const locals = useMemo<LocalScope>(
    () => Object.freeze({ ...parent, formItem: item }),
    [parent, item],
  );
  // One node object per item kind and form: bindings cache by object identity.
  const child = useMemo(() => itemNode(item, node), [item, node]);
  const props = { node: child as never, pointer };
  return (
    <LocalScopeContext.Provider value={locals}>
      <div className="k-server-form__item" data-code={item.code}>
        {item.kind === 'tabs' ? (
          <TabSwitch {...props} />
        ) : item.kind === 'picker' ? (
          <EnumPicker {...props} />
        ) : (
          <Input {...props} />
        )}
      </div>
    </LocalScopeContext.Provider>
  );
});

/**
 * A form defined by the server (schemas/widgets/server-form.schema.json): one widget renders the
 * items, presets them, filters them by the match values and keeps the shown items' values, by
 * code, in `collect` for the save call.
 */
export default function ServerForm({ node, pointer }: WidgetProps<ServerFormNode>) {
  const { store, env } = usePageRuntime();
  const parent = useContext(LocalScopeContext);
  const rawItems = useValue(node.items, `${pointer}/items`);
  const match = useValue(node.match ?? NO_MATCH, `${pointer}/match`);
  const pickerPlaceholder = useText(
    node.pickerPlaceholder ?? 'Please select',
    `${pointer}/pickerPlaceholder`,
  );
  const tabs = node.tabs ?? NONE;
  const pickerKinds = node.pickerKinds ?? PICKER_KINDS;
  const codes = node.codes;
  const items = useMemo(
    () => toFormItems(rawItems, { codes, tabs, pickerKinds, pickerPlaceholder }),
    [rawItems, codes, tabs, pickerKinds, pickerPlaceholder],
  );
  const matchValues =
    match !== null && typeof match === 'object' ? (match as Record<string, unknown>) : NO_MATCH;
  const shown = items.filter((item) => itemShown(item, matchValues));
  const bindPath = useMemo(() => parseStatePath(node.bind), [node.bind]);
  const collectPath = useMemo(
    () => (node.collect ? parseStatePath(node.collect) : null),
    [node.collect],
  );
  const [values] = useStatePath(node.bind, `${pointer}/bind`);

  // The items' presets go into the state when a list arrives (again after a reload).
  useEffect(() => {
    if (!bindPath.ok || items.length === 0) return;
    store.update((d) =>
      setAtPathDraft(
        d.state,
        bindPath.segments,
        presetValues(getAtPath(d.state, bindPath.segments), items),
      ),
    );
  }, [items, bindPath, store]);

  // collect follows what is on screen: the shown items' values, without the omitted codes.
  const omit = node.omit ?? NONE;
  const collected = JSON.stringify(collectValues(values, shown, omit));
  useEffect(() => {
    if (!collectPath) return;
    if (!collectPath.ok) {
      env.report({ pointer: `${pointer}/collect`, message: collectPath.error, kind: 'state-path' });
      return;
    }
    const next = JSON.parse(collected) as Record<string, unknown>;
    const now = getAtPath(store.getSnapshot().state, collectPath.segments);
    if (JSON.stringify(now) !== collected)
      store.update((d) => setAtPathDraft(d.state, collectPath.segments, next));
  }, [collected, collectPath, store, env, pointer]);

  return (
    <div className={styleClass(node.style, 'k-server-form')} data-node-id={node.id}>
      {shown.map((item) => (
        <ItemRow
          key={item.code}
          item={item}
          node={node}
          parent={parent}
          pointer={`${pointer}/items/${items.indexOf(item)}`}
        />
      ))}
    </div>
  );
}
