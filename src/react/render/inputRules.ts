/**
 * The declarative input rules of input-like widgets (schemas/defs/input-rules.schema.json),
 * checked by the validate action. Pure: the rules arrive with their bindings (min, max, message)
 * already resolved against the page.
 */
import { parseMoney } from '@kopa/format';
import { toDisplayText } from '@kopa/runtime';

export interface ResolvedRule {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  digits?: boolean;
  min?: unknown;
  max?: unknown;
  message?: unknown;
}

/** How a field's value is read as a number for min/max. */
export type NumberKind = 'plain' | 'money';

const patterns = new Map<string, RegExp | null>();

/** A rule's pattern as a RegExp, compiled once; null when it does not compile (the linter says so). */
export function compilePattern(source: string): RegExp | null {
  if (!patterns.has(source)) {
    let re: RegExp | null;
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = null;
    }
    patterns.set(source, re);
  }
  return patterns.get(source) ?? null;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()))
    return Number(value.trim());
  return null;
}

/** The field's value as a number: integer cents for money fields (`100,50` -> 10050). */
function numberOf(text: string, kind: NumberKind): number | null {
  if (text.trim() === '') return null;
  return kind === 'money' ? parseMoney(text) : asNumber(text);
}

/** Whether one rule holds for a value. Every constraint the rule carries must hold. */
export function rulePasses(
  rule: ResolvedRule,
  value: unknown,
  kind: NumberKind = 'plain',
): boolean {
  const text = toDisplayText(value);
  const length = Array.from(text).length;
  if (rule.required && text.trim() === '') return false;
  if (rule.minLength !== undefined && length < rule.minLength) return false;
  if (rule.maxLength !== undefined && length > rule.maxLength) return false;
  if (rule.digits && !/^[0-9]*$/.test(text)) return false;
  if (rule.pattern !== undefined) {
    const re = compilePattern(rule.pattern);
    // A pattern that does not compile fails closed: a broken check must not wave a value through.
    if (!re || !re.test(text)) return false;
  }
  if (rule.min !== undefined || rule.max !== undefined) {
    const n = numberOf(text, kind);
    if (n === null) return false;
    const min = asNumber(rule.min);
    const max = asNumber(rule.max);
    if (min !== null && n < min) return false;
    if (max !== null && n > max) return false;
  }
  return true;
}

/** The message of the first rule the value fails, or null when it passes them all. */
export function firstFailure(
  rules: readonly ResolvedRule[] | undefined,
  value: unknown,
  kind: NumberKind = 'plain',
): string | null {
  for (const rule of rules ?? []) {
    if (!rulePasses(rule, value, kind))
      return toDisplayText(rule.message) || 'Please check this field.';
  }
  return null;
}
