import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { usePageRuntime } from '../../render/contexts';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';
import './empty-state.css';

export default function EmptyState({ node, pointer }: WidgetProps<NodeOf<'empty-state'>>) {
  const { env, urlSite } = usePageRuntime();
  const text = useText(node.text, `${pointer}/text`);
  const image = useText(node.image, `${pointer}/image`);
  const buttonLabel = useText(node.buttonLabel, `${pointer}/buttonLabel`);
  const { run, pending } = useActionRunner(pointer);
  // Image sources come from layouts and APIs: only what the host's check allows is loaded.
  const src = image ? env.checkImageUrl(image, urlSite(`${pointer}/image`)) : null;
  return (
    <div id={node.id} className={styleClass(node.style, 'k-empty-state')}>
      {src ? <img className="k-empty-state__img" src={src} alt="" /> : null}
      <p className="k-empty-state__text">{text}</p>
      {buttonLabel && node.onTap ? (
        <button
          type="button"
          className="k-button k-button--secondary k-empty-state__button"
          disabled={pending}
          onClick={() => void run(node.onTap, 'onTap')}
        >
          {buttonLabel}
        </button>
      ) : null}
    </div>
  );
}
