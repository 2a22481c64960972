import { useContext, useMemo, type ReactNode } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { LocalScopeContext } from '../../render/contexts';
import { useCondition, useText } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import './countdown-button.css';

/** Whole seconds left; anything that is not a positive number means "not counting". */
function secondsOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.ceil(n) : 0;
}

/** The running label is evaluated with {{ seconds }} added to the scope it already had. */
function RunningLabel({
  template,
  seconds,
  pointer,
}: {
  template: string;
  seconds: number;
  pointer: string;
}) {
  return (
    <Scoped seconds={seconds}>
      <LabelText template={template} pointer={pointer} />
    </Scoped>
  );
}

function Scoped({ seconds, children }: { seconds: number; children: ReactNode }) {
  const parent = useContext(LocalScopeContext);
  const locals = useMemo(() => Object.freeze({ ...parent, seconds }), [parent, seconds]);
  return <LocalScopeContext.Provider value={locals}>{children}</LocalScopeContext.Provider>;
}

function LabelText({ template, pointer }: { template: string; pointer: string }) {
  return <>{useText(template, pointer)}</>;
}

/**
 * The countdown itself is the countdown action's job (one timer per page and path, cleared when
 * the page is left); this button only reads the seconds, so a countdown started by another
 * action (e.g. after an http send) shows here too.
 */
export default function CountdownButton({
  node,
  pointer,
}: WidgetProps<NodeOf<'countdown-button'>>) {
  const [raw] = useStatePath(node.bind, `${pointer}/bind`);
  const seconds = secondsOf(raw);
  const label = useText(node.label, `${pointer}/label`);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const { run, pending } = useActionRunner(pointer);
  const running = seconds > 0;

  return (
    <button
      type="button"
      id={node.id}
      className={styleClass(
        node.style,
        `k-countdown-button k-button k-button--${node.variant ?? 'secondary'}`,
      )}
      disabled={running || pending || disabled}
      aria-busy={pending}
      onClick={() => {
        if (!running) void run(node.onTap, 'onTap');
      }}
    >
      {pending ? <span className="k-spinner" aria-hidden="true" /> : null}
      {running ? (
        <RunningLabel
          template={node.runningLabel}
          seconds={seconds}
          pointer={`${pointer}/runningLabel`}
        />
      ) : (
        label
      )}
    </button>
  );
}
