/**
 * Roles, not labels: a button with `"role": "primary-action"` (or the older
 * `"required": true`) is the screen's primary action, whatever its label says (labels are
 * catalogue keys). A primary action that can never be visible, or never enabled, is an error:
 * its visible conditions and its parents' can never hold together (`{{ false }}`, `a && !a`), its
 * disabled always holds, or it sits in a dialog nothing opens. The reasoning is conditions.ts.
 */
import type { LayoutIssue } from '@kopa/contract';
import {
  and,
  conditionFormula,
  not,
  satisfiable,
  type Formula,
  type FormulaContext,
} from './conditions';
import { LAYOUT_MESSAGES } from './messages';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export const PRIMARY_ACTION = 'primary-action';

/** A condition as written, for the message: `{{ a && !a }}` or `false`, then a space. */
const written = (v: unknown): string =>
  `(${typeof v === 'string' ? v.trim() : JSON.stringify(v)}) `;

const isPrimary = (node: Obj): boolean =>
  node.role === PRIMARY_ACTION || (node.type === 'button' && node.required === true);

interface Shown {
  pointer: string;
  formula: Formula;
}

function opened(value: unknown, out: Set<string>, depth: number): Set<string> {
  if (depth > 100) return out;
  if (Array.isArray(value)) value.forEach((v) => opened(v, out, depth + 1));
  else if (isObj(value)) {
    if (value.type === 'openDialog' && typeof value.dialog === 'string') out.add(value.dialog);
    for (const v of Object.values(value)) opened(v, out, depth + 1);
  }
  return out;
}

/** The primary-action issues of one (expanded) layout. */
export function roleIssues(doc: Obj, file: string): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const ctx: FormulaContext = { computed: isObj(doc.computed) ? doc.computed : {} };
  const push = (
    pointer: string,
    code: 'required-hidden' | 'primary-disabled',
    name: string,
    why: string,
  ) =>
    issues.push({
      file,
      pointer,
      code,
      message: LAYOUT_MESSAGES[code](name, why),
      severity: 'error',
    });

  const visit = (
    value: unknown,
    pointer: string,
    above: readonly Shown[],
    closed: string | null,
    depth: number,
  ): void => {
    if (depth > 100) return;
    if (Array.isArray(value))
      return value.forEach((v, i) => visit(v, `${pointer}/${i}`, above, closed, depth + 1));
    if (!isObj(value) || typeof value.type !== 'string') return;
    const own = conditionFormula(value.visible, ctx);
    const shown = [...above, { pointer, formula: own }];
    if (isPrimary(value)) check(value, pointer, own, above, closed);
    for (const key of ['children', 'template', 'empty'])
      if (key in value) visit(value[key], `${pointer}/${key}`, shown, closed, depth + 1);
  };

  const check = (
    node: Obj,
    pointer: string,
    own: Formula,
    above: readonly Shown[],
    closed: string | null,
  ) => {
    const name =
      typeof node.id === 'string' ? node.id : typeof node.label === 'string' ? node.label : pointer;
    if (closed) return push(pointer, 'required-hidden', name, closed);
    if (!satisfiable(own))
      return push(
        pointer,
        'required-hidden',
        name,
        `its visible ${written(node.visible)}can never be true (${pointer}/visible)`,
      );
    const hidden = above.find((s) => !satisfiable(s.formula));
    if (hidden)
      return push(
        pointer,
        'required-hidden',
        name,
        `it is inside ${hidden.pointer}, whose visible is always false`,
      );
    const visible = [...above.map((s) => s.formula), own].reduce(and);
    if (!satisfiable(visible)) {
      return push(
        pointer,
        'required-hidden',
        name,
        `its visible conditions and those of the nodes around it (${above.map((s) => s.pointer).join(', ')}) can never hold together`,
      );
    }
    const disabled = conditionFormula(node.disabled ?? false, ctx);
    if (!satisfiable(not(disabled)))
      return push(
        pointer,
        'primary-disabled',
        name,
        `its disabled ${written(node.disabled)}is always true (${pointer}/disabled)`,
      );
    if (!satisfiable(and(visible, not(disabled))))
      return push(
        pointer,
        'primary-disabled',
        name,
        `whenever it is visible, its disabled (${pointer}/disabled) holds`,
      );
  };

  visit(doc.body, '/body', [], null, 0);
  const openedDialogs = opened(doc, new Set(), 0);
  const dialogs = Array.isArray(doc.dialogs) ? doc.dialogs : [];
  dialogs.forEach((d, i) => {
    if (!isObj(d)) return;
    const id = typeof d.id === 'string' ? d.id : '';
    visit(
      d,
      `/dialogs/${i}`,
      [],
      id && !openedDialogs.has(id)
        ? `it is in dialog "${id}", which no openDialog action opens`
        : null,
      0,
    );
  });
  return issues;
}
