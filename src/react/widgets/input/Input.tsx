import { useCallback, useId, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import type { NodeOf, WidgetProps } from '../../render/widgetTypes';
import { useCondition, useText, useValue } from '../../render/useBinding';
import { useActionRunner } from '../../render/useAction';
import { useStatePath } from '../../render/useStatePath';
import { toDisplayText } from '@kopa/runtime';
// Pure spec-5 rules (digits only, card/phone grouping, amount cap), shared with the formatters.
import { capAmount, digitsOnly, formatPhone344, groupCardNumber } from '@kopa/format/digits';
// Typed money: units with up to 2 decimals, capped to the cent.
import { cleanMoneyText, moneyText, parseMoney } from '@kopa/format';
import { styleClass } from '../styleClass';
import { useBoundPath } from '../boundPath';
import { useField } from '../../render/fields';
import { FieldError } from '../FieldError';
import './input.css';

type InputNode = NodeOf<'input'>;

const PHONE_DIGITS = 11;

function keepsDigits(node: InputNode): boolean {
  return (
    node.inputType === 'numeric' || node.inputType === 'tel' || (node.format ?? 'none') !== 'none'
  );
}

/**
 * What the state holds for what the user typed or pasted: digits only for numeric, tel, card
 * and phone fields, cut to the length limit, and for numeric fields capped at max (spec 5
 * "Edited amount": a value at or above the max becomes the max).
 */
function cleanInput(raw: string, node: InputNode, max: unknown): string {
  if (node.inputType === 'money') return cleanMoney(raw, node, max);
  const digits = keepsDigits(node);
  let value = digits ? digitsOnly(raw) : raw;
  const limit =
    node.format === 'phone'
      ? Math.min(node.maxLength ?? PHONE_DIGITS, PHONE_DIGITS)
      : node.maxLength;
  // By code points, so a cut never leaves half an emoji behind.
  if (limit !== undefined) value = Array.from(value).slice(0, limit).join('');
  const hasMax = typeof max === 'number' || (typeof max === 'string' && max.trim() !== '');
  if (node.inputType === 'numeric' && hasMax) value = capAmount(value, max as number | string);
  return value;
}

/** Money mode: `max` is in cents and exact; an amount above it becomes it (spec 5 "Edited amount"). */
function cleanMoney(raw: string, node: InputNode, max: unknown): string {
  let value = cleanMoneyText(raw);
  if (node.maxLength !== undefined) value = value.slice(0, node.maxLength);
  const cap =
    typeof max === 'number'
      ? max
      : typeof max === 'string' && max.trim() !== ''
        ? Number(max)
        : NaN;
  const cents = parseMoney(value);
  if (Number.isFinite(cap) && cap >= 0 && cents !== null && cents > cap) value = moneyText(cap);
  return value;
}

function display(value: string, node: InputNode): string {
  if (node.format === 'card') return groupCardNumber(value);
  if (node.format === 'phone') return formatPhone344(value);
  return value;
}

function countDigits(s: string): number {
  let n = 0;
  for (const ch of s) if (ch >= '0' && ch <= '9') n++;
  return n;
}

/** Position in `shown` just after its n-th digit (where the caret belongs after regrouping). */
function afterNthDigit(shown: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i++) {
    const ch = shown.charAt(i);
    if (ch >= '0' && ch <= '9' && ++seen === n) return i + 1;
  }
  return shown.length;
}

export default function Input({ node, pointer }: WidgetProps<InputNode>) {
  const inputId = useId();
  const path = useBoundPath(node.bind, node.bindKey, pointer);
  const [stored, setStored] = useStatePath(path, `${pointer}/bind`);
  const field = useField({
    id: node.id,
    pointer,
    rules: node.rules,
    path,
    kind: node.inputType === 'money' ? 'money' : 'plain',
    value: stored,
  });
  const errorId = `${inputId}-error`;
  const label = useText(node.label, `${pointer}/label`);
  const placeholder = useText(node.placeholder, `${pointer}/placeholder`);
  const max = useValue(node.max, `${pointer}/max`);
  const disabled = useCondition(node.disabled, `${pointer}/disabled`, false);
  const { run } = useActionRunner(pointer);
  const ref = useRef<HTMLInputElement | null>(null);
  const { controlRef } = field;
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      ref.current = el;
      controlRef(el);
    },
    [controlRef],
  );
  // Digits before the caret at the last edit; restored after stripping or regrouping moved it.
  const caretDigits = useRef<number | null>(null);

  const digits = keepsDigits(node);
  const money = node.inputType === 'money';
  const shown = money
    ? cleanMoneyText(toDisplayText(stored))
    : display(digits ? digitsOnly(toDisplayText(stored)) : toDisplayText(stored), node);

  useLayoutEffect(() => {
    const el = ref.current;
    const n = caretDigits.current;
    caretDigits.current = null;
    if (!el || n === null || el.ownerDocument.activeElement !== el) return;
    const pos = afterNthDigit(el.value, n);
    el.setSelectionRange(pos, pos);
  });

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const next = cleanInput(raw, node, max);
    if (next === toDisplayText(stored)) return;
    const caret = e.target.selectionStart ?? raw.length;
    // Typing at the end (the usual case) stays at the end, after a decimal mark too.
    if (money && caret >= raw.length) caretDigits.current = Number.MAX_SAFE_INTEGER;
    else if (digits || money) caretDigits.current = countDigits(raw.slice(0, caret));
    setStored(next);
    void run(node.onChange, 'onChange', { value: next });
  };

  const numericKeyboard = node.inputType === 'numeric' || node.format === 'card';
  const telKeyboard = node.inputType === 'tel' || node.format === 'phone';
  return (
    <div ref={field.rootRef} className={styleClass(node.style, 'k-input')} data-node-id={node.id}>
      {label ? (
        <label className="k-input__label" htmlFor={inputId}>
          {label}
        </label>
      ) : null}
      <input
        ref={setRef}
        id={inputId}
        className="k-input__field"
        type={telKeyboard ? 'tel' : 'text'}
        inputMode={money ? 'decimal' : numericKeyboard ? 'numeric' : telKeyboard ? 'tel' : 'text'}
        autoComplete={node.format === 'card' ? 'cc-number' : 'off'}
        value={shown}
        placeholder={placeholder || undefined}
        aria-label={label ? undefined : placeholder || undefined}
        disabled={disabled}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? errorId : undefined}
        onChange={onChange}
      />
      <FieldError id={errorId} message={field.error} />
    </div>
  );
}
