/** The screen's widget tree beside its JSON (outline.ts); choosing a node selects it everywhere. */
import { memo } from 'react';
import type { OutlineItem } from '../outline';

export const OutlineNav = memo(function OutlineNav(props: {
  items: OutlineItem[];
  selected: string | null;
  onSelect: (pointer: string) => void;
}) {
  const { items } = props;
  return (
    <nav className="s-outline" aria-label="Outline">
      <h3>Outline</h3>
      <ul>
        {items.map((it) => (
          <li key={it.pointer} style={{ paddingLeft: `${it.depth * 12}px` }}>
            <button
              type="button"
              data-pointer={it.pointer}
              aria-current={String(it.pointer === props.selected) as 'true' | 'false'}
              title={it.pointer}
              onClick={() => props.onSelect(it.pointer)}
            >
              {it.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
});
