/**
 * The message catalogue's keys for `t('…')` completion: the layouts' English texts
 * (messages/layouts/en.json, the catalogue every language must match), each with its text.
 */
import catalogue from '../../../messages/layouts/en.json';

export const CATALOGUE: ReadonlyArray<readonly [key: string, text: string]> = Object.entries(
  catalogue as Record<string, unknown>,
)
  .filter((e): e is [string, string] => !e[0].startsWith('$') && typeof e[1] === 'string')
  .map(([k, v]) => [k, v] as const);

/** When the cursor is inside `t('…` of a binding: the key typed so far. */
export function catalogueKeyBefore(expr: string): string | null {
  const m = /\bt\(\s*(['"])([\w.-]*)$/.exec(expr);
  return m ? (m[2] ?? '') : null;
}
