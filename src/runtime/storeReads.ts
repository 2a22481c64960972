import { hasBindings, parsedTemplate } from '@kopa/expr';

/**
 * The scope names the page store backs (src/runtime/scope.ts). The others never change while a
 * page is open (`config`, `query`: a new location is a new page) or come by React context (the
 * locals: item, index, ...), so a binding that reads none of these names can change only when
 * its widget renders anyway: it needs no store subscription (one listener less per
 * such binding, and one selector less to run at every keystroke on the page).
 */
const STORE_NAMES = ['data', 'state', 'computed', 'dialogs', 'sources', 'screen', 'local'] as const;

/**
 * One of those names as a whole word. A binding reads a scope name only through a name token
 * spelled exactly so (names are [A-Za-z_$][A-Za-z0-9_$]*, src/expr/tokenizer.ts), so a string
 * without such a word cannot read the store. The converse is not needed: a word that is a member
 * (`item.data`), a key or inside a quoted string makes the binding live, which is only a listener
 * too many. No parse and no walk of the tree: this runs for every bound value of the first screen
 * (the tree walk was ~7 ms of /repay's first render at 4x CPU in `npm run bench:profile`).
 */
const STORE_WORD = new RegExp(`(?<![A-Za-z0-9_$])(?:${STORE_NAMES.join('|')})(?![A-Za-z0-9_$])`);

/** Per layout string; cleared when full, so changing strings (a studio preview) cannot grow it. */
const byString = new Map<string, boolean>();
const MAX_STRINGS = 4000;
const byObject = new WeakMap<object, boolean>();

function stringReadsStore(source: string): boolean {
  if (!hasBindings(source)) return false;
  const known = byString.get(source);
  if (known !== undefined) return known;
  // A binding that does not parse is reported where it is used; it is taken as live (safe). The
  // parse is the cached one (the first screen's trees came with the page), not a second walk.
  const reads = STORE_WORD.test(source) || !parsedTemplate(source).ok;
  if (byString.size >= MAX_STRINGS) byString.clear();
  byString.set(source, reads);
  return reads;
}

/**
 * Whether evaluating `value` (a layout value: a string with bindings, or an object or array of
 * them) can give a different result after a change to the page store. When unsure, true.
 */
export function readsStore(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return stringReadsStore(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > 100) return true;
  const known = byObject.get(value);
  if (known !== undefined) return known;
  const parts = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
  const reads = parts.some((part) => readsStore(part, depth + 1));
  byObject.set(value, reads);
  return reads;
}
