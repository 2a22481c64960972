import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useCondition, useText, useValue } from '../../render/useBinding';
import { toDisplayText } from '@kopa/runtime';
import { styleClass } from '../styleClass';
import { field } from '../choices';
import './cell-list.css';

type StaticRow = NonNullable<NodeOf<'cell-list'>['rows']>[number];

function Line({ title, value }: { title: string; value: string }) {
  return (
    <div className="k-cell-list__row">
      <dt className="k-cell-list__title">{title}</dt>
      <dd className="k-cell-list__value">{value}</dd>
    </div>
  );
}

function StaticLine({ row, pointer }: { row: StaticRow; pointer: string }) {
  const visible = useCondition(row.visible, `${pointer}/visible`, true);
  const title = useText(row.title, `${pointer}/title`);
  const value = useText(row.value, `${pointer}/value`);
  return visible ? <Line title={title} value={value} /> : null;
}

/**
 * Title/value lines. Fields of data items are shown as they are, never evaluated as bindings:
 * an API string that looks like `{{ ... }}` or like HTML stays literal text (SECURITY 1).
 */
export default function CellList({ node, pointer }: WidgetProps<NodeOf<'cell-list'>>) {
  const raw = useValue(node.items, `${pointer}/items`);
  const items = Array.isArray(raw) ? (raw as readonly unknown[]) : [];
  const titleField = node.titleField ?? 'title';
  const valueField = node.valueField ?? 'value';
  const className = styleClass(
    node.style,
    `k-cell-list${node.divider ? ' k-cell-list--divider' : ''}`,
  );
  if (items.length === 0 && !node.rows?.length) return null;
  return (
    <dl className={className} data-node-id={node.id}>
      {items.map((item, i) => (
        <Line
          key={`i${i}`}
          title={toDisplayText(field(item, titleField))}
          value={toDisplayText(field(item, valueField))}
        />
      ))}
      {node.rows?.map((row, i) => (
        <StaticLine key={`r${i}`} row={row} pointer={`${pointer}/rows/${i}`} />
      ))}
    </dl>
  );
}
