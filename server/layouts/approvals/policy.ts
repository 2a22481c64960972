/**
 * When publishing needs two people, by what a layout does, not what it is called: a layout whose
 * effects (src/lint/effects/effects.ts) include a money or identity call (config/publishing.json
 * twoPersonCalls), and every change that alters a layout's effects. The same rule holds a
 * rollback, except back to a version that was itself published by two people (the emergency path).
 */
import publishing from '../../../config/publishing.json';
import { expandFragments, type FragmentFiles } from '@kopa/contract';
import { effectDiff, layoutEffects, type Effects } from '@kopa/lint';

const TWO_PERSON: ReadonlySet<string> = new Set(publishing.twoPersonCalls);
export const APPROVAL_MS = publishing.approvalHours * 3_600_000;

/** The effects of a layout text, its fragments expanded (null: not JSON, nothing to compare). */
export function effectsOf(text: string | undefined, fragments: FragmentFiles): Effects | null {
  if (text === undefined) return null;
  try {
    return layoutEffects(expandFragments(JSON.parse(text), fragments).doc);
  } catch {
    return null;
  }
}

export interface EffectView {
  /** What the text does. */
  effects: Effects | null;
  /** How it differs from the published version ("adds a call to saveBankInfo"). */
  diff: string[];
  /** Why a second publisher must approve it, or null. */
  twoPerson: string | null;
}

/** The effects of `text` against `published`, and whether publishing it needs two people. */
export function effectView(
  text: string | undefined,
  published: string | undefined,
  fragments: FragmentFiles,
): EffectView {
  const after = effectsOf(text, fragments);
  const before = effectsOf(published, fragments);
  if (!after) return { effects: null, diff: [], twoPerson: null };
  const diff = effectDiff(before, after);
  const money = [...new Set(after.calls.filter((c) => TWO_PERSON.has(c)))];
  const twoPerson =
    money.length > 0
      ? `it makes a money or identity call (${money.join(', ')})`
      : diff.length > 0
        ? `it changes what the layout does: ${diff.join('; ')}`
        : null;
  return { effects: after, diff, twoPerson };
}
