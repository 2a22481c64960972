/**
 * Which names a binding may read where. The page scope (src/runtime/scope.ts) is the same
 * everywhere; widgets and actions add locals only to the handlers or texts they evaluate with
 * them (the `run(node.onX, 'onX', { ... })` calls of src/react/widgets, runNested of src/runtime/actions/http.ts),
 * so `{{ value }}` outside an input's onChange reads nothing and is reported.
 */

/** Layout keys that hold action lists: event handlers are named on*, an if has then/else. */
export const ACTION_LIST_KEY = /^(on[A-Z]\w*|then|else)$/;

/** Names every binding can read (buildScope in src/runtime/scope.ts). */
export const PAGE_NAMES: readonly string[] = [
  'data',
  'state',
  'query',
  'config',
  'dialogs',
  'sources',
  'screen',
  'local',
  'computed',
];

/** The type the linter gives a data source (src/runtime/page/dataSources.ts, PageBody.tsx's error slot). */
export const DATA_SOURCE = ' data source';

/** widget type -> property -> locals the widget adds while evaluating that property. */
const WIDGET_LOCALS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  [DATA_SOURCE]: { onSuccess: ['response'], error: ['error'] },
  checkbox: { onChange: ['value'] },
  input: { onChange: ['value'] },
  'star-rating': { onChange: ['stars'] },
  'tab-switch': { onChange: ['value', 'option'] },
  'enum-picker': { onConfirm: ['option', 'value'] },
  'image-upload': { onSelect: ['file'] },
  'countdown-button': { runningLabel: ['seconds'] },
};

/** action type -> nested list -> locals its actions see. */
const ACTION_LOCALS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  http: { onSuccess: ['response'], onError: ['error', 'response'] },
  validate: { onInvalid: ['message', 'field'] },
};

/** The locals a property of a node (or, inActions, of an action) adds for everything inside it. */
export function localsOf(type: unknown, key: string, inActions: boolean): readonly string[] {
  if (typeof type !== 'string') return [];
  const table = inActions ? ACTION_LOCALS : WIDGET_LOCALS;
  return (Object.hasOwn(table, type) ? table[type]?.[key] : undefined) ?? [];
}
