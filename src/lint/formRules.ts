/**
 * Layout rules about forms: the references of the validate action and input rules
 * (field ids, form ids, patterns). Money passed as text is a type error (src/lint/types/), a
 * primary action that can never be visible is roles.ts, a validate in the wrong place order.ts.
 */
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';
import { hint } from './suggest';

type Obj = Record<string, unknown>;

interface Seen {
  /** Node id -> its type. */
  nodeIds: Map<string, string>;
  /** Ids of nodes that carry input rules. */
  ruleIds: Set<string>;
  validates: { action: Obj; pointer: string }[];
  patterns: { pattern: unknown; pointer: string }[];
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function collect(value: unknown, pointer: string, seen: Seen, depth: number): void {
  if (depth > 100) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, `${pointer}/${i}`, seen, depth + 1));
    return;
  }
  if (!isObj(value)) return;
  const type = value.type;
  if (typeof value.id === 'string' && typeof type === 'string') seen.nodeIds.set(value.id, type);
  if (Array.isArray(value.rules)) {
    if (typeof value.id === 'string') seen.ruleIds.add(value.id);
    value.rules.forEach((r, i) => {
      if (isObj(r) && r.pattern !== undefined)
        seen.patterns.push({ pattern: r.pattern, pointer: `${pointer}/rules/${i}/pattern` });
    });
  }
  if (type === 'validate') seen.validates.push({ action: value, pointer });
  for (const [k, v] of Object.entries(value))
    if (k !== '$comment') collect(v, `${pointer}/${esc(k)}`, seen, depth + 1);
}

// ---------------------------------------------------------------------------------------------
// validate actions and rules

/** The input rules' patterns run as `new RegExp(pattern, 'u')` (src/react/render/inputRules.ts). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function validateIssues(seen: Seen, file: string): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const push = (pointer: string, code: 'validate-target' | 'bad-pattern', message: string) =>
    issues.push({ file, pointer, code, message, severity: 'error' });
  for (const { action, pointer } of seen.validates) {
    const fields = Array.isArray(action.fields) ? action.fields : [];
    if (fields.length === 0 && action.form === undefined)
      push(
        pointer,
        'validate-target',
        LAYOUT_MESSAGES['validate-target'](
          '',
          'give fields (node ids) or form (the id of the node holding them)',
        ),
      );
    fields.forEach((id, i) => {
      if (typeof id !== 'string' || seen.ruleIds.has(id)) return;
      const why = seen.nodeIds.has(id)
        ? `node "${id}" has no rules`
        : `no node has id "${id}"${hint(id, seen.ruleIds)}`;
      push(
        `${pointer}/fields/${i}`,
        'validate-target',
        LAYOUT_MESSAGES['validate-target'](id, why),
      );
    });
    if (typeof action.form === 'string' && !seen.nodeIds.has(action.form)) {
      push(
        `${pointer}/form`,
        'validate-target',
        LAYOUT_MESSAGES['validate-target'](
          action.form,
          `no node has id "${action.form}"${hint(action.form, seen.nodeIds.keys())}`,
        ),
      );
    }
  }
  for (const { pattern, pointer } of seen.patterns) {
    if (typeof pattern === 'string' && !compiles(pattern))
      push(pointer, 'bad-pattern', LAYOUT_MESSAGES['bad-pattern'](pattern));
  }
  return issues;
}

/** The form rules of one layout. */
export function formIssues(doc: Obj, file: string): LayoutIssue[] {
  const seen: Seen = { nodeIds: new Map(), ruleIds: new Set(), validates: [], patterns: [] };
  for (const key of ['dataSources', 'onLoad', 'onBack', 'onRefresh', 'body', 'dialogs'])
    collect(doc[key], `/${key}`, seen, 0);
  return validateIssues(seen, file);
}
