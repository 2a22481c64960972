import type { KeyboardEvent } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './star-rating.css';

/** Spec section 9: five star slots. */
const SLOTS = [1, 2, 3, 4, 5] as const;

/** The state may hold anything (a string from an API, a stray value): clamp it to 0..5 stars. */
function starsOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 0;
  return Math.min(5, Math.max(0, Math.round(n)));
}

export default function StarRating({ node, pointer }: WidgetProps<NodeOf<'star-rating'>>) {
  const [raw, setValue] = useStatePath(node.bind, `${pointer}/bind`);
  const label = useText(node.label, `${pointer}/label`);
  const { run } = useActionRunner(pointer);
  const stars = starsOf(raw);
  const readOnly = node.readOnly === true;

  const choose = (n: number) => {
    if (readOnly) return;
    setValue(n);
    void run(node.onChange, 'onChange', { stars: n });
  };
  // Arrow keys move the choice as in any radio group.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') choose(Math.min(5, stars + 1));
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') choose(Math.max(1, stars - 1));
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label || msg('widget.rating')}
      aria-readonly={readOnly || undefined}
      id={node.id}
      className={styleClass(
        node.style,
        `k-star-rating${readOnly ? ' k-star-rating--readonly' : ''}`,
      )}
      onKeyDown={onKeyDown}
    >
      {SLOTS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={stars === n}
          aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
          data-filled={n <= stars}
          // Only the chosen star (or the first when none) is in the tab order, as in a radio group.
          tabIndex={n === (stars || 1) ? 0 : -1}
          disabled={readOnly}
          className={`k-star-rating__star${n <= stars ? ' k-star-rating__star--on' : ''}`}
          onClick={() => choose(n)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
          </svg>
        </button>
      ))}
    </div>
  );
}
