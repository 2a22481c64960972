import { memo, useContext, useEffect, useMemo } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { LocalScopeContext, usePageRuntime, type LocalScope } from '../../render/contexts';
import { Nodes } from '../../render/NodeView';
import { useValue } from '../../render/useBinding';
import { styleClass } from '../styleClass';
import { useProgressiveRows } from './useProgressiveRows';
import './repeat.css';

const NO_ITEMS: readonly unknown[] = Object.freeze([]);

interface Keys {
  keys: string[];
  problem: string | null;
}

/**
 * React keys for the rows. A `key` field lets a row keep its identity (and its inputs' focus)
 * when the list is reordered; if any element lacks it or two share it, positions are used
 * instead, since duplicate keys would make React drop or mix up rows.
 */
function rowKeys(list: readonly unknown[], field: string | undefined): Keys {
  const byIndex = (): string[] => list.map((_, i) => `i${i}`);
  if (!field) return { keys: byIndex(), problem: null };
  const seen = new Set<string>();
  const keys: string[] = [];
  for (const item of list) {
    const v = item !== null && typeof item === 'object' && Object.hasOwn(item, field) ? (item as Record<string, unknown>)[field] : undefined;
    const k = typeof v === 'string' || typeof v === 'number' ? `k${String(v)}` : null;
    if (k === null || seen.has(k)) {
      return { keys: byIndex(), problem: `key field "${field}" is missing or repeated; rows are keyed by position` };
    }
    seen.add(k);
    keys.push(k);
  }
  return { keys, problem: null };
}

interface RowProps {
  item: unknown;
  index: number;
  parent: LocalScope;
  itemAs: string;
  indexAs: string;
  template: readonly unknown[];
  pointer: string;
}

/**
 * One row. Memoised, with a stable scope object: when one element of a 1000-row list changes
 * (immer keeps the others' references), only that row re-renders.
 */
const RepeatRow = memo(function RepeatRow({ item, index, parent, itemAs, indexAs, template, pointer }: RowProps) {
  const locals = useMemo<LocalScope>(
    // Outer locals stay visible, so a nested repeat can still read its parent's item.
    () => Object.freeze({ ...parent, [itemAs]: item, [indexAs]: index }),
    [parent, itemAs, indexAs, item, index],
  );
  return (
    <LocalScopeContext.Provider value={locals}>
      <Nodes nodes={template} pointer={pointer} />
    </LocalScopeContext.Provider>
  );
});

export default function Repeat({ node, pointer }: WidgetProps<NodeOf<'repeat'>>) {
  const { env } = usePageRuntime();
  const parent = useContext(LocalScopeContext);
  const raw = useValue(node.items, `${pointer}/items`);
  const list = Array.isArray(raw) ? (raw as readonly unknown[]) : NO_ITEMS;
  // null/undefined is how APIs say "no rows" (or data not there yet); anything else is a layout bug.
  const notAList = raw !== null && raw !== undefined && !Array.isArray(raw);
  const { keys, problem } = useMemo(() => rowKeys(list, node.key), [list, node.key]);
  const { count, sentinel } = useProgressiveRows(list.length);

  useEffect(() => {
    if (notAList) env.report({ pointer: `${pointer}/items`, message: 'items is not a list', kind: 'binding' });
  }, [notAList, pointer, env]);
  useEffect(() => {
    if (problem) env.report({ pointer: `${pointer}/key`, message: problem, kind: 'binding' });
  }, [problem, pointer, env]);

  const className = styleClass(node.style, 'k-repeat');
  if (list.length === 0) {
    if (!node.empty) return null;
    return (
      <div className={className} data-node-id={node.id}>
        <Nodes nodes={node.empty} pointer={`${pointer}/empty`} />
      </div>
    );
  }
  const itemAs = node.itemAs ?? 'item';
  const indexAs = node.indexAs ?? 'index';
  const templatePointer = `${pointer}/template`;
  return (
    <div className={className} data-node-id={node.id}>
      {list.slice(0, count).map((item, i) => (
        <RepeatRow key={keys[i]} item={item} index={i} parent={parent} itemAs={itemAs} indexAs={indexAs}
          template={node.template} pointer={templatePointer} />
      ))}
      {count < list.length ? <div key={`more-${count}`} ref={sentinel} className="k-repeat__more" aria-hidden="true" /> : null}
    </div>
  );
}
