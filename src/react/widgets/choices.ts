import { toDisplayText } from '@kopa/runtime';

/** One option of a picker or tab switch: its label, its value, and the item it came from. */
export interface Choice {
  label: string;
  value: unknown;
  /** What onChange / onConfirm see as option: the data item, or the static option. */
  option: unknown;
}

/** An own field of a server item (never one inherited through its prototype). */
export function field(item: unknown, name: string): unknown {
  if (item === null || typeof item !== 'object' || !Object.hasOwn(item, name)) return undefined;
  return (item as Record<string, unknown>)[name];
}

/**
 * Option values come as strings or numbers by whim of the API (card type 1 vs "1"): matched by
 * the layout language's one equality (src/expr/equality.ts), the same as `==` in a binding.
 */
export { sameValue } from '@kopa/expr';

/** A list of server items (or static options) as choices; anything but a list gives none. */
export function toChoices(list: unknown, labelField: string, valueField: string): Choice[] {
  if (!Array.isArray(list)) return [];
  return list.map((item: unknown) => ({
    label: toDisplayText(field(item, labelField)),
    value: field(item, valueField),
    option: item,
  }));
}
