/**
 * The pure part of the server-driven form: which items show, what each is preset to, and the
 * values collected for the save call. The item shape is the bank form item of spec 3 (code,
 * title, subtitle, cate, type, value, note, inputType, plus filter fields such as cardTypeMi and
 * channelNumber), read defensively: the list comes from a server.
 */
import { toDisplayText } from '@kopa/runtime';
import { field, sameValue } from '../choices';

export type ItemKind = 'tabs' | 'picker' | 'numeric' | 'text';

export interface FormItem {
  code: string;
  kind: ItemKind;
  title: string;
  placeholder: string;
  options: unknown[];
  /** What the item presets its value to ('' when the server gives none). */
  preset: string;
  /** Input rules the server sent with the item (same shape as a layout's `rules`), or undefined. */
  rules: Record<string, unknown>[] | undefined;
  raw: Record<string, unknown>;
}

export interface FormConfig {
  /** Only these codes, in this order; undefined: all, in the server's order. */
  codes?: readonly string[];
  tabs: readonly string[];
  pickerKinds: readonly string[];
  pickerPlaceholder: string;
}

// Codes become state keys: plain names only, never a key that reaches a prototype.
const SAFE_CODE = /^[A-Za-z0-9_$-]{1,64}$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function isSafeCode(code: unknown): code is string {
  return typeof code === 'string' && SAFE_CODE.test(code) && !FORBIDDEN.has(code);
}

/** Server-sent rules: objects only, each with a message; anything else is dropped. */
function rulesOf(value: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const rules = value.filter(
    (r): r is Record<string, unknown> =>
      r !== null &&
      typeof r === 'object' &&
      !Array.isArray(r) &&
      typeof (r as Record<string, unknown>).message === 'string',
  );
  return rules.length > 0
    ? rules.map((r) => ({ ...r, pattern: typeof r.pattern === 'string' ? r.pattern : undefined }))
    : undefined;
}

/** The server's items as form items; entries without a usable code, and repeated codes, are left out. */
export function toFormItems(list: unknown, config: FormConfig): FormItem[] {
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const out: FormItem[] = [];
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const raw = entry as Record<string, unknown>;
    const code = field(raw, 'code');
    if (!isSafeCode(code) || seen.has(code)) continue;
    seen.add(code);
    const cate = toDisplayText(field(raw, 'cate'));
    const kind: ItemKind = config.tabs.includes(code)
      ? 'tabs'
      : config.pickerKinds.includes(cate)
        ? 'picker'
        : sameValue(field(raw, 'inputType'), 1)
          ? 'numeric'
          : 'text';
    const choosing = kind === 'tabs' || kind === 'picker';
    const subtitle = toDisplayText(field(raw, 'subtitle'));
    const note = field(raw, 'note');
    if (config.codes && !config.codes.includes(code)) continue;
    out.push({
      code,
      kind,
      title: toDisplayText(field(raw, 'title')),
      placeholder: subtitle || (choosing ? config.pickerPlaceholder : ''),
      options: Array.isArray(note) ? note : [],
      // Spec 7: "each enum item is preset to the option whose type matches its type".
      preset: toDisplayText(field(raw, choosing ? 'type' : 'value')),
      rules: rulesOf(field(raw, 'rules')),
      raw,
    });
  }
  const order = config.codes;
  return order ? out.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code)) : out;
}

/** "0 or null means all" (spec 3): an absent, null, 0 or empty filter field applies everywhere. */
function appliesToAll(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 0 || value === '0';
}

/** Whether an item shows under the form's match values (every named field empty or equal). */
export function itemShown(item: FormItem, match: Readonly<Record<string, unknown>>): boolean {
  for (const [name, wanted] of Object.entries(match)) {
    const own = field(item.raw, name);
    if (!appliesToAll(own) && !sameValue(own, wanted)) return false;
  }
  return true;
}

/**
 * The values after the items load: a non-empty preset replaces what was there (the server's
 * saved value wins over a layout default); an item with no value yet gets ''.
 */
export function presetValues(
  current: unknown,
  items: readonly FormItem[],
): Record<string, unknown> {
  const next: Record<string, unknown> = {};
  if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
    for (const [k, v] of Object.entries(current)) if (isSafeCode(k)) next[k] = v;
  }
  for (const item of items) {
    if (item.preset !== '' || !Object.hasOwn(next, item.code)) next[item.code] = item.preset;
  }
  return next;
}

/** The values of the items shown, by code, without the omitted codes: the request's fields. */
export function collectValues(
  values: unknown,
  shown: readonly FormItem[],
  omit: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values === null || typeof values !== 'object') return out;
  for (const item of shown) {
    if (omit.includes(item.code) || !Object.hasOwn(values, item.code)) continue;
    out[item.code] = (values as Record<string, unknown>)[item.code];
  }
  return out;
}
