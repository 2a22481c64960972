import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useCondition, useText, useValue } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import { useBoundPath } from '../boundPath';
import { sameValue, toChoices, type Choice } from '../choices';
import { useField } from '../../render/fields';
import { FieldError } from '../FieldError';
import { msg } from '@kopa/format';
import './enum-picker.css';

/** The picker's texts, each with the default the spec gives it. */
function usePickerTexts(node: NodeOf<'enum-picker'>, pointer: string) {
  return {
    label: useText(node.label, `${pointer}/label`),
    placeholder: useText(node.placeholder ?? msg('common.pleaseSelect'), `${pointer}/placeholder`),
    title: useText(node.title, `${pointer}/title`),
    confirmLabel: useText(node.confirmLabel ?? msg('common.confirm'), `${pointer}/confirmLabel`),
    cancelLabel: useText(node.cancelLabel ?? msg('common.cancel'), `${pointer}/cancelLabel`),
  };
}

/** The field's button: kept to take the focus back, and handed to the form as its control. */
function useFieldButton(controlRef: (el: HTMLButtonElement | null) => void) {
  const fieldRef = useRef<HTMLButtonElement | null>(null);
  const setFieldRef = useCallback(
    (el: HTMLButtonElement | null) => {
      fieldRef.current = el;
      controlRef(el);
    },
    [controlRef],
  );
  return [fieldRef, setFieldRef] as const;
}

/** While the sheet is open it has the focus, and Escape closes it (the focus back on the field). */
function useSheetFocus(
  open: boolean,
  sheetRef: RefObject<HTMLDivElement | null>,
  fieldRef: RefObject<HTMLButtonElement | null>,
  setOpen: (open: boolean) => void,
) {
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
  }, [open, sheetRef, fieldRef, setOpen]);
}

interface SheetProps {
  sheetRef: RefObject<HTMLDivElement | null>;
  titleId: string;
  heading: string;
  cancelLabel: string;
  confirmLabel: string;
  choices: Choice[];
  highlight: number | null;
  onHighlight: (index: number) => void;
  onConfirm: () => void;
  onClose: () => void;
}

/** The bottom sheet: Cancel, the title, Confirm (once an option is highlighted) and the options. */
function ChoiceSheet(props: SheetProps) {
  const { titleId, highlight } = props;
  return (
    <div
      className="k-enum-picker__overlay"
      data-testid="enum-picker-overlay"
      onClick={props.onClose}
    >
      <div
        ref={props.sheetRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="k-enum-picker__sheet"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="k-enum-picker__bar">
          <button type="button" className="k-enum-picker__cancel" onClick={props.onClose}>
            {props.cancelLabel}
          </button>
          <h2 id={titleId} className="k-enum-picker__title">
            {props.heading}
          </h2>
          <button
            type="button"
            className="k-enum-picker__confirm"
            disabled={highlight === null}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </div>
        <div role="radiogroup" aria-labelledby={titleId} className="k-enum-picker__options">
          {props.choices.map((c, i) => (
            <button
              key={i}
              type="button"
              role="radio"
              aria-checked={highlight === i}
              className={`k-enum-picker__option${highlight === i ? ' k-enum-picker__option--on' : ''}`}
              onClick={() => props.onHighlight(i)}
            >
              {c.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

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
  const { label, placeholder, title, confirmLabel, cancelLabel } = usePickerTexts(node, pointer);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const rawOptions = useValue(node.options, `${pointer}/options`);
  const { run } = useActionRunner(pointer);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<number | null>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const [fieldRef, setFieldRef] = useFieldButton(field.controlRef);

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
  useSheetFocus(open, sheetRef, fieldRef, setOpen);

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
        <ChoiceSheet
          sheetRef={sheetRef}
          titleId={titleId}
          heading={title || label || placeholder}
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          choices={choices}
          highlight={highlight}
          onHighlight={setHighlight}
          onConfirm={confirm}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
