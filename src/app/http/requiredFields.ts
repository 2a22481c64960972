/**
 * The fields a response schema requires: the fields the spec names for that answer
 * (docs/backend-contract.md). The generated validators check kinds and fill defaults only; this
 * walk finds the required fields still absent afterwards, so the boundary can report them once
 * while the rest of the answer reaches the page (a missing field spoils only the nodes bound to it).
 */

import type { RequiredTree } from '@kopa/contract';

export type { RequiredTree };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Record<string, unknown>, k: string): boolean =>
  Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/**
 * Paths of required fields absent from `value` (`data.repayPlanDetail.repayWaitDetail[].totalAmount`),
 * each once however many list items lack it. A value of the wrong kind is not walked: the
 * validator has already left out what did not fit.
 */
export function missingRequired(
  value: unknown,
  tree: RequiredTree | undefined,
  path = 'data',
): string[] {
  const found = new Set<string>();
  const walk = (v: unknown, t: RequiredTree, at: string): void => {
    if (Array.isArray(v)) {
      if (t.i) for (const item of v) walk(item, t.i, `${at}[]`);
      return;
    }
    if (!isRecord(v)) return;
    for (const name of t.r ?? []) if (!has(v, name)) found.add(`${at}.${name}`);
    for (const [name, sub] of Object.entries(t.p ?? {}))
      if (has(v, name)) walk(v[name], sub, `${at}.${name}`);
    if (t.a) for (const [name, sub] of Object.entries(v)) walk(sub, t.a, `${at}.${name}`);
  };
  if (tree) walk(value, tree, path);
  return [...found];
}

/**
 * True when nothing the page could use came: none of the top-level fields the schema requires
 * and none of the others it declares (`k`) (`sent`: the names the backend sent, so a default
 * filled in does not count). An answer with only an optional field the spec names (contact-kf-info's
 * smWa without email) is an answer: the missing required fields spoil only their own nodes.
 */
export function nothingRequiredCame(
  value: unknown,
  tree: RequiredTree | undefined,
  sent: ReadonlySet<string>,
): boolean {
  const names = tree?.r ?? [];
  if (names.length === 0) return false;
  const came = (n: string) => sent.has(n) && isRecord(value) && has(value, n);
  return !isRecord(value) || ![...names, ...(tree?.k ?? [])].some(came);
}
