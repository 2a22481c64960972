import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { styleClass } from '../styleClass';
import { msg } from '@kopa/format';
import './code-copy.css';

/**
 * Copying goes through the copy action (clipboard via env, toast, failure message). The code is
 * handed over as a local and referenced as {{ code }}: putting the resolved code itself into the
 * action's text would evaluate it a second time, so an API value holding "{{ ... }}" would run.
 */
const COPY_TEXT = '{{ code }}';

export default function CodeCopy({ node, pointer }: WidgetProps<NodeOf<'code-copy'>>) {
  const code = useText(node.code, `${pointer}/code`);
  const label = useText(node.label, `${pointer}/label`);
  const buttonLabel = useText(node.buttonLabel ?? msg('common.copy'), `${pointer}/buttonLabel`);
  const successMessage = useText(
    node.successMessage ?? 'copy success',
    `${pointer}/successMessage`,
  );
  const { run, pending } = useActionRunner(pointer);

  const copy = () => {
    void run([{ type: 'copy', text: COPY_TEXT, successMessage: '{{ successMessage }}' }], 'code', {
      code,
      successMessage,
    });
  };

  return (
    <div id={node.id} className={styleClass(node.style, 'k-code-copy')}>
      {label ? <span className="k-code-copy__label">{label}</span> : null}
      <div className="k-code-copy__row">
        <span className="k-code-copy__code" data-testid={node.id ? `${node.id}-code` : undefined}>
          {code}
        </span>
        <button
          type="button"
          className="k-code-copy__button"
          disabled={!code || pending}
          onClick={copy}
        >
          {buttonLabel}
        </button>
      </div>
    </div>
  );
}
