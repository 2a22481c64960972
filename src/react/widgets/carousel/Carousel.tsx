import { useEffect, useState } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { usePageRuntime } from '../../render/contexts';
import { NodeView } from '../../render/NodeView';
import { useText } from '../../render/useBinding';
import { styleClass } from '../styleClass';
import './carousel.css';

/**
 * Banners that move on by themselves. The timer restarts after a dot is tapped (so the chosen
 * slide gets a full interval) and stops for good when the page is left (the page signal aborts),
 * even if React keeps the component around a little longer.
 */
export default function Carousel({ node, pointer }: WidgetProps<NodeOf<'carousel'>>) {
  const { signal } = usePageRuntime();
  const label = useText(node.label, `${pointer}/label`);
  const count = node.slides.length;
  const interval = node.interval ?? 3000;
  const [index, setIndex] = useState(0);
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (count < 2 || signal.aborted) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    const stop = () => clearInterval(timer);
    signal.addEventListener('abort', stop, { once: true });
    return () => {
      stop();
      signal.removeEventListener('abort', stop);
    };
  }, [count, interval, signal, current]);

  return (
    <section
      className={styleClass(node.style, 'k-carousel')}
      data-node-id={node.id}
      aria-roledescription="carousel"
      aria-label={label || undefined}
    >
      {node.slides.map((slide, i) => (
        <div
          key={i}
          className="k-carousel__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${count}`}
          hidden={i !== current}
          data-active={i === current}
        >
          <NodeView node={slide} pointer={`${pointer}/slides/${i}`} />
        </div>
      ))}
      {node.indicators !== false && count > 1 ? (
        <div className="k-carousel__dots">
          {node.slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className="k-carousel__dot"
              aria-label={`Show slide ${i + 1}`}
              aria-current={i === current}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
