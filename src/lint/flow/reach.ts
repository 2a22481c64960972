/**
 * Which requests a borrower can actually make on a layout: every `http` action, each with
 * whether it can run and, when it cannot, why. A request can run when the action list holding it
 * can run: a page or data-source handler, or a handler of a node that can be shown (its
 * `visible` and those of the nodes around it can hold together) and enabled while shown, inside
 * the body or a dialog some runnable action opens, on an `if` branch whose condition can hold.
 * What a node is, not what it is named or which role it carries, decides. The reasoning over
 * conditions is conditions.ts (with schema types folded in by fold.ts); when it cannot decide,
 * the request counts as runnable (never a false alarm).
 */
import { and, conditionFormula, not, satisfiable, type Formula } from '../conditions';
import type { FormulaContext } from '../conditions';
import { ACTION_LIST_KEY } from '../scopes';
import { parseTemplate } from '@kopa/expr';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const TRUE: Formula = { k: 'const', v: true };

export interface RequestSite {
  endpoint: string;
  /** JSON pointer of the http action. */
  pointer: string;
  /** null when it can run; else why not, as a clause ("its visible ... can never be true"). */
  blocked: string | null;
}

const written = (v: unknown): string => (typeof v === 'string' ? v.trim() : JSON.stringify(v));

interface Walk {
  ctx: FormulaContext;
  sites: RequestSite[];
  opened: Set<string>;
}

/** Collects the requests of an action list that runs when `guard` holds (blocked: it never does). */
function actions(w: Walk, value: unknown, pointer: string, guard: Formula, blocked: string | null) {
  if (!Array.isArray(value)) return;
  value.forEach((a, i) => {
    if (!isObj(a)) return;
    const at = `${pointer}/${i}`;
    const why = blocked ?? (satisfiable(guard) ? null : 'the conditions on its way never hold');
    if (a.type === 'http' && typeof a.endpoint === 'string')
      w.sites.push({ endpoint: a.endpoint, pointer: at, blocked: why });
    if (a.type === 'openDialog' && typeof a.dialog === 'string' && why === null)
      w.opened.add(a.dialog);
    if (a.type === 'if') {
      const when = conditionFormula(a.when, w.ctx);
      const branch = (key: 'then' | 'else', f: Formula) =>
        actions(
          w,
          a[key],
          `${at}/${key}`,
          and(guard, f),
          why ??
            (satisfiable(and(guard, f))
              ? null
              : `it is on the ${key} branch of the if at ${at}, whose when (${written(a.when)}) ${key === 'then' ? 'never holds' : 'always holds'} there`),
        );
      branch('then', when);
      branch('else', not(when));
    }
    // A request's onSuccess / onError run later, when the page may have changed: a new start.
    for (const [key, v] of Object.entries(a))
      if (ACTION_LIST_KEY.test(key) && key !== 'then' && key !== 'else')
        actions(w, v, `${at}/${key}`, TRUE, why);
  });
}

/** Is a repeat's items always the empty list (`[]`, `{{ [] }}`)? Then its template never shows. */
function alwaysEmpty(items: unknown): boolean {
  if (Array.isArray(items)) return items.length === 0;
  if (typeof items !== 'string') return false;
  const parsed = parseTemplate(items);
  if (!parsed.ok || parsed.template.kind !== 'single') return false;
  const part = parsed.template.parts.find((p) => p.kind === 'binding');
  return part?.kind === 'binding' && part.ast.type === 'Array' && part.ast.elements.length === 0;
}

interface Shown {
  pointer: string;
  formula: Formula;
  visible: unknown;
}

/** Why a node with these visible conditions can never be shown, or null. */
function hiddenWhy(node: Obj, pointer: string, own: Formula, above: readonly Shown[]) {
  if (!satisfiable(own))
    return `its node ${pointer} has visible (${written(node.visible)}), which can never be true`;
  const hidden = above.find((s) => !satisfiable(s.formula));
  if (hidden)
    return `it is inside ${hidden.pointer}, whose visible (${written(hidden.visible)}) is always false`;
  if (!satisfiable([...above.map((s) => s.formula), own].reduce(and)))
    return `the visible conditions of ${pointer} and the nodes around it (${above.map((s) => s.pointer).join(', ')}) never hold together`;
  return null;
}

function nodes(
  w: Walk,
  value: unknown,
  pointer: string,
  above: readonly Shown[],
  closed: string | null,
  depth: number,
): void {
  if (depth > 100) return;
  if (Array.isArray(value))
    return value.forEach((v, i) => nodes(w, v, `${pointer}/${i}`, above, closed, depth + 1));
  if (!isObj(value)) return;
  const isNode = typeof value.type === 'string';
  const own = isNode ? conditionFormula(value.visible, w.ctx) : TRUE;
  const shown = isNode ? [...above, { pointer, formula: own, visible: value.visible }] : above;
  const visible = shown.map((s) => s.formula).reduce(and, TRUE);
  const disabled = conditionFormula(isNode ? (value.disabled ?? false) : false, w.ctx);
  const usable = and(visible, not(disabled));
  const blocked =
    closed ??
    (isNode ? hiddenWhy(value, pointer, own, above) : null) ??
    (satisfiable(usable)
      ? null
      : `its node ${pointer} is disabled (${written(value.disabled)}) whenever it is shown`);
  for (const [key, v] of Object.entries(value)) {
    if (key === '$comment' || key === 'visible' || key === 'disabled') continue;
    if (ACTION_LIST_KEY.test(key)) actions(w, v, `${pointer}/${key}`, usable, blocked);
    else if (key === 'template' && value.type === 'repeat' && alwaysEmpty(value.items))
      nodes(
        w,
        v,
        `${pointer}/${key}`,
        shown,
        `it repeats over ${pointer}/items, which is always empty`,
        depth + 1,
      );
    else nodes(w, v, `${pointer}/${key}`, shown, closed, depth + 1);
  }
}

/** Every request of an (expanded) layout, runnable or not. */
export function requestSites(doc: Obj, ctx: FormulaContext): RequestSite[] {
  const w: Walk = { ctx, sites: [], opened: new Set() };
  for (const [key, v] of Object.entries(doc))
    if (ACTION_LIST_KEY.test(key)) actions(w, v, `/${key}`, TRUE, null);
  if (isObj(doc.dataSources))
    for (const [name, source] of Object.entries(doc.dataSources))
      if (isObj(source))
        for (const [key, v] of Object.entries(source))
          if (ACTION_LIST_KEY.test(key)) actions(w, v, `/dataSources/${name}/${key}`, TRUE, null);
  nodes(w, doc.body, '/body', [], null, 0);
  // Dialogs open only through openDialog: walk each once something runnable opens it.
  const dialogs = Array.isArray(doc.dialogs) ? doc.dialogs : [];
  const done = new Set<number>();
  for (let grew = true; grew;) {
    grew = false;
    dialogs.forEach((d, i) => {
      if (done.has(i) || !isObj(d) || !w.opened.has(String(d.id))) return;
      done.add(i);
      grew = true;
      nodes(w, d, `/dialogs/${i}`, [], null, 0);
    });
  }
  dialogs.forEach((d, i) => {
    if (done.has(i) || !isObj(d)) return;
    const why = `it is in dialog "${String(d.id)}", which no action that can run opens`;
    nodes(w, d, `/dialogs/${i}`, [], why, 0);
  });
  return w.sites;
}
