import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useCondition, useText, useValue } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import { useBoundPath } from '../boundPath';
import { sameValue, toChoices } from '../choices';
import { useField } from '../../render/fields';
import { FieldError } from '../FieldError';
import { msg } from '@kopa/format';
import './enum-picker.css';

/**
 * A single-choice picker (spec: "single-choice pickers with Confirm and Cancel"). Tapping an
 * option only highlights it; the bound value changes on Confirm, so Cancel, the overlay and
 * Escape all leave the form as it was.
 */
export default function EnumPicker({ node, pointer }: WidgetProps<NodeOf<'enum-picker'>>) {
  const titleId = useId();
  const path = useBoundPath(node.bind, node.bindKey, pointer);
  const [value, setValue] = useStatePath(path, `${pointer}/bind`);
  const field = useField({ id: node.id, pointer, rules: node.rules, path, value });
  const errorId = `${titleId}-error`;
  const label = useText(node.label, `${pointer}/label`);
  const placeholder = useText(
    node.placeholder ?? msg('common.pleaseSelect'),
    `${pointer}/placeholder`,
  );
  const title = useText(node.title, `${pointer}/title`);
  const confirmLabel = useText(
    node.confirmLabel ?? msg('common.confirm'),
    `${pointer}/confirmLabel`,
  );
  const cancelLabel = useText(node.cancelLabel ?? msg('common.cancel'), `${pointer}/cancelLabel`);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const rawOptions = useValue(node.options, `${pointer}/options`);
  const { run } = useActionRunner(pointer);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLButtonElement | null>(null);
  const { controlRef } = field;
  const setFieldRef = useCallback(
    (el: HTMLButtonElement | null) => {
      fieldRef.current = el;
      controlRef(el);
    },
    [controlRef],
  );

  const choices = toChoices(rawOptions, node.labelField ?? 'name', node.valueField ?? 'type');
  const chosen = choices.find((c) => sameValue(c.value, value));

  const show = () => {
    if (disabled) return;
    const current = choices.findIndex((c) => sameValue(c.value, value));
    setHighlight(current >= 0 ? current : null);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    fieldRef.current?.focus();
  };
  const confirm = () => {
    const choice = highlight === null ? undefined : choices[highlight];
    if (!choice) return;
    setValue(choice.value);
    close();
    void run(node.onConfirm, 'onConfirm', { option: choice.option, value: choice.value });
  };

  useEffect(() => {
    if (!open) return;
    sheetRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      fieldRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div
      ref={field.rootRef}
      className={styleClass(node.style, 'k-enum-picker')}
      data-node-id={node.id}
    >
      <button
        ref={setFieldRef}
        type="button"
        className="k-enum-picker__field"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        disabled={disabled}
        onClick={show}
      >
        {label ? <span className="k-enum-picker__label">{label}</span> : null}
        <span className={`k-enum-picker__value${chosen ? '' : ' k-enum-picker__value--empty'}`}>
          {chosen ? chosen.label : placeholder}
        </span>
        <span className="k-enum-picker__chevron" aria-hidden="true" />
      </button>
      <FieldError id={errorId} message={field.error} />
      {open ? (
        <div className="k-enum-picker__overlay" data-testid="enum-picker-overlay" onClick={close}>
          <div
            ref={sheetRef}
            tabIndex={-1}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="k-enum-picker__sheet"
            onClick={(e) => e.stopPropagation()}
          >
            <div className="k-enum-picker__bar">
              <button type="button" className="k-enum-picker__cancel" onClick={close}>
                {cancelLabel}
              </button>
              <h2 id={titleId} className="k-enum-picker__title">
                {title || label || placeholder}
              </h2>
              <button
                type="button"
                className="k-enum-picker__confirm"
                disabled={highlight === null}
                onClick={confirm}
              >
                {confirmLabel}
              </button>
            </div>
            <div role="radiogroup" aria-labelledby={titleId} className="k-enum-picker__options">
              {choices.map((c, i) => (
                <button
                  key={i}
                  type="button"
                  role="radio"
                  aria-checked={highlight === i}
                  className={`k-enum-picker__option${highlight === i ? ' k-enum-picker__option--on' : ''}`}
                  onClick={() => setHighlight(i)}
                >
                  {c.label}
                </button>
              ))}
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
