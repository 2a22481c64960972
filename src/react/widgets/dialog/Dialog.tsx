import { useRef, type MouseEvent } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { Nodes } from '../../render/NodeView';
import { useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useDialogOpen } from '../../render/useStatePath';
import { useModalFocus } from './useModalFocus';
import './dialog.css';

type DialogProps = WidgetProps<NodeOf<'dialog'>>;

/** A modal opened by openDialog; dismissOnOverlay false makes taps outside do nothing. */
export default function Dialog(props: DialogProps) {
  const [open] = useDialogOpen(props.node.id);
  // Mounted only while open, so focus moves in on open and back out on close (useModalFocus).
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ node, pointer }: DialogProps) {
  const [, setOpen] = useDialogOpen(node.id);
  const title = useText(node.title, `${pointer}/title`);
  const { run } = useActionRunner(pointer);
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const dismiss = () => {
    setOpen(false);
    void run(node.onClose, 'onClose');
  };
  // Escape is the keyboard's "tap outside": allowed where the overlay may dismiss, unless the layout says otherwise.
  const closeOnEscape = node.closeOnEscape ?? node.dismissOnOverlay !== false;
  const onKeyDown = useModalFocus(overlayRef, dialogRef, closeOnEscape ? dismiss : null);
  const onOverlay = (e: MouseEvent) => {
    if (e.target !== e.currentTarget || node.dismissOnOverlay === false) return;
    dismiss();
  };
  return (
    <div
      ref={overlayRef}
      tabIndex={-1}
      className="k-dialog-overlay"
      data-testid={`dialog-overlay-${node.id}`}
      onClick={onOverlay}
      onKeyDown={onKeyDown}
    >
      <div
        ref={dialogRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label={title || node.id}
        className="k-dialog"
      >
        {title ? <h2 className="k-dialog__title">{title}</h2> : null}
        <Nodes nodes={node.children} pointer={`${pointer}/children`} />
      </div>
    </div>
  );
}
