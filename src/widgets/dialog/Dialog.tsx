import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useDialogOpen } from '../../render/useStatePath';
import './dialog.css';

/** A modal opened by openDialog; dismissOnOverlay false makes taps outside do nothing. */
export default function Dialog({ node, pointer }: WidgetProps<NodeOf<'dialog'>>) {
  const [open, setOpen] = useDialogOpen(node.id);
  const title = useText(node.title, `${pointer}/title`);
  const { run } = useActionRunner(pointer);
  if (!open) return null;
  const onOverlay = () => {
    if (node.dismissOnOverlay === false) return;
    setOpen(false);
    void run(node.onClose, 'onClose');
  };
  return (
    <div className="k-dialog-overlay" data-testid={`dialog-overlay-${node.id}`} onClick={onOverlay}>
      <div role="dialog" aria-modal="true" aria-label={title || node.id} className="k-dialog" onClick={(e) => e.stopPropagation()}>
        {title ? <h2 className="k-dialog__title">{title}</h2> : null}
        <Nodes nodes={node.children} pointer={`${pointer}/children`} />
      </div>
    </div>
  );
}
