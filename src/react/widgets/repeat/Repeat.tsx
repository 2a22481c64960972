import {
  memo,
  useContext,
  useEffect,
  useMemo,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { LocalScopeContext, usePageRuntime, type LocalScope } from '../../render/contexts';
import { Nodes } from '../../render/NodeView';
import { useValue } from '../../render/useBinding';
import { styleClass } from '../styleClass';
import { useWindowedRows, WINDOW_FROM } from './useWindowedRows';
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
    const v =
      item !== null && typeof item === 'object' && Object.hasOwn(item, field)
        ? (item as Record<string, unknown>)[field]
        : undefined;
    const k = typeof v === 'string' || typeof v === 'number' ? `k${String(v)}` : null;
    if (k === null || seen.has(k)) {
      return {
        keys: byIndex(),
        problem: `key field "${field}" is missing or repeated; rows are keyed by position`,
      };
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
const RepeatRow = memo(function RepeatRow({
  item,
  index,
  parent,
  itemAs,
  indexAs,
  template,
  pointer,
}: RowProps) {
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

/** A list that is not one, or a key field that cannot key the rows, is reported once. */
function useReportedProblems(notAList: boolean, problem: string | null, pointer: string) {
  const { env } = usePageRuntime();
  useEffect(() => {
    if (notAList)
      env.report({ pointer: `${pointer}/items`, message: 'items is not a list', kind: 'binding' });
  }, [notAList, pointer, env]);
  useEffect(() => {
    if (problem) env.report({ pointer: `${pointer}/key`, message: problem, kind: 'binding' });
  }, [problem, pointer, env]);
}

/**
 * The row holding keyboard focus (null: none), from focus events on the list. It stays rendered
 * even when scrolled away, so focus is never lost.
 */
function useFocusedRow() {
  const [focused, setFocused] = useState<number | null>(null);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const at = (e.target as HTMLElement).closest<HTMLElement>('[data-row-index]')?.dataset.rowIndex;
    setFocused(at === undefined ? null : Number(at));
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!(e.relatedTarget instanceof Node) || !e.currentTarget.contains(e.relatedTarget))
      setFocused(null);
  };
  return { focused, onFocus, onBlur };
}

/** The rows rendered: the window, plus the focused row wherever it is. */
function shownRows(
  win: { start: number; end: number },
  focused: number | null,
  length: number,
): number[] {
  const end = Math.min(win.end, length);
  const shown: number[] = [];
  if (focused !== null && focused < win.start && focused < length) shown.push(focused);
  for (let i = win.start; i < end; i++) shown.push(i);
  if (focused !== null && focused >= end && focused < length) shown.push(focused);
  return shown;
}

/**
 * The shown rows, with the rows between them as one spacer of their height, so the scrollbar and
 * every row's place are those of the whole list.
 */
function windowedChildren(
  shown: number[],
  rows: { keys: string[]; row: (i: number) => ReactNode; length: number; pitch: number },
): ReactNode[] {
  const { keys, length, pitch } = rows;
  const children: ReactNode[] = [];
  let next = 0;
  for (const i of shown) {
    if (i > next) children.push(<Spacer key={`gap-${next}`} rows={i - next} pitch={pitch} />);
    children.push(
      // A list for screen readers: each rendered row says where it is in the whole list.
      <div
        key={keys[i]}
        className="k-repeat__row"
        role="listitem"
        aria-setsize={length}
        aria-posinset={i + 1}
        data-row-index={i}
      >
        {rows.row(i)}
      </div>,
    );
    next = i + 1;
  }
  if (next < length)
    children.push(<Spacer key={`gap-${next}`} rows={length - next} pitch={pitch} />);
  return children;
}

export default function Repeat({ node, pointer }: WidgetProps<NodeOf<'repeat'>>) {
  const parent = useContext(LocalScopeContext);
  const raw = useValue(node.items, `${pointer}/items`);
  const list = Array.isArray(raw) ? (raw as readonly unknown[]) : NO_ITEMS;
  // null/undefined is how APIs say "no rows" (or data not there yet); anything else is a layout bug.
  const notAList = raw !== null && raw !== undefined && !Array.isArray(raw);
  const { keys, problem } = useMemo(() => rowKeys(list, node.key), [list, node.key]);
  // A wrapping grid (tags, thumbnails) has several items per line: it is never windowed.
  const windowed = list.length > WINDOW_FROM && node.style?.wrap !== true;
  const { window: win, listRef, measure } = useWindowedRows(list.length, windowed);
  const { focused, onFocus, onBlur } = useFocusedRow();
  // After every render (rows came or went); the measuring itself waits for the next frame.
  useEffect(() => {
    if (windowed) measure();
  });

  useReportedProblems(notAList, problem, pointer);

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
  const row = (i: number) => (
    <RepeatRow
      key={keys[i]}
      item={list[i]}
      index={i}
      parent={parent}
      itemAs={itemAs}
      indexAs={indexAs}
      template={node.template}
      pointer={templatePointer}
    />
  );
  if (!windowed) {
    return (
      <div className={className} data-node-id={node.id}>
        {list.map((_, i) => row(i))}
      </div>
    );
  }

  const children = windowedChildren(shownRows(win, focused, list.length), {
    keys,
    row,
    length: list.length,
    pitch: win.pitch,
  });
  return (
    <div
      ref={listRef}
      className={`${className} k-repeat--windowed`}
      data-node-id={node.id}
      role="list"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {children}
    </div>
  );
}

/** Stands in for rows that are not rendered: their height, and nothing a screen reader reads. */
function Spacer({ rows, pitch }: { rows: number; pitch: number }) {
  return <div className="k-repeat__spacer" aria-hidden="true" style={{ height: rows * pitch }} />;
}
