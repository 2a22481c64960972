import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './page-header.css';

/**
 * The screen's title bar. Without onBack there is no back button at all: a button that does
 * nothing when tapped would look broken. Equal slots on both sides keep the title centred.
 */
export default function PageHeader({ node, pointer }: WidgetProps<NodeOf<'page-header'>>) {
  const title = useText(node.title, `${pointer}/title`);
  const backLabel = useText(node.backLabel ?? msg('common.back'), `${pointer}/backLabel`);
  const { run, pending } = useActionRunner(pointer);
  const hasBack = node.onBack !== undefined && node.onBack.length > 0;
  return (
    <header className={styleClass(node.style, 'k-page-header')} data-node-id={node.id}>
      <span className="k-page-header__side">
        {hasBack ? (
          <button
            type="button"
            className="k-page-header__back"
            aria-label={backLabel || msg('common.back')}
            disabled={pending}
            onClick={() => void run(node.onBack, 'onBack')}
          >
            <span aria-hidden="true" className="k-page-header__chevron" />
          </button>
        ) : null}
      </span>
      <h1 className="k-page-header__title">{title}</h1>
      <span className="k-page-header__side" aria-hidden="true" />
    </header>
  );
}
