import { useId, type ChangeEvent } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useCondition, useText } from '../../render/useBinding';
import { useStatePath } from '../../render/useStatePath';
import { styleClass } from '../styleClass';
import { useField } from '../../render/fields';
import { FieldError } from '../FieldError';
import './textarea.css';

/**
 * Cuts text to max UTF-16 units, the unit of the native maxlength attribute and of the length
 * the server checks, without leaving half of a surrogate pair (an emoji) at the end.
 */
export function clip(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

export default function Textarea({ node, pointer }: WidgetProps<NodeOf<'textarea'>>) {
  const [raw, setValue] = useStatePath(node.bind, `${pointer}/bind`);
  const label = useText(node.label, `${pointer}/label`);
  const placeholder = useText(node.placeholder, `${pointer}/placeholder`);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const fieldId = useId();
  const counterId = `${fieldId}-counter`;
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const field = useField({ id: node.id, pointer, rules: node.rules, path: node.bind, value: raw });
  const errorId = `${fieldId}-error`;
  const describedBy = [node.counter ? counterId : '', field.error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  const max = node.maxLength;

  // maxlength alone is not enough: paste in some WebViews, IME commits and scripted input pass it.
  const onChange = (e: ChangeEvent<HTMLTextAreaElement>) => setValue(clip(e.target.value, max));

  return (
    <div ref={field.rootRef} className={styleClass(node.style, 'k-textarea')}>
      {label ? (
        <label className="k-textarea__label" htmlFor={fieldId}>
          {label}
        </label>
      ) : null}
      <textarea
        ref={field.controlRef}
        id={fieldId}
        data-node-id={node.id}
        className="k-textarea__field"
        value={value}
        placeholder={placeholder || undefined}
        aria-label={label ? undefined : placeholder || undefined}
        aria-describedby={describedBy || undefined}
        aria-invalid={field.error ? true : undefined}
        maxLength={max}
        rows={node.rows ?? 5}
        readOnly={disabled}
        onChange={onChange}
      />
      {node.counter ? (
        <span id={counterId} className="k-textarea__counter">
          {max === undefined ? value.length : `${value.length}/${max}`}
        </span>
      ) : null}
      <FieldError id={errorId} message={field.error} />
    </div>
  );
}
