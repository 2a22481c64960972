/**
 * Layout rules about forms and primary actions (issue 8): money passed as text where a request
 * wants integer cents, a required action that can never be visible, and the references of the
 * validate action and input rules (field ids, form ids, patterns).
 */
import { parseTemplate, type Node } from '../expr';
import type { LayoutIssue } from '../schema/layoutIssue';
import { LAYOUT_MESSAGES } from './messages';
import { hint } from './suggest';
import type { ApiCatalogue } from './responseSchemas';

type Obj = Record<string, unknown>;

interface Seen {
  /** Node id -> its type. */
  nodeIds: Map<string, string>;
  /** Ids of nodes that carry input rules. */
  ruleIds: Set<string>;
  /** State paths bound by inputs in money mode ("amount", "form.amount"). */
  moneyPaths: Set<string>;
  /** Dialog ids some openDialog action opens. */
  opened: Set<string>;
  https: { endpoint: string; params: Obj; pointer: string }[];
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
      if (isObj(r) && r.pattern !== undefined) seen.patterns.push({ pattern: r.pattern, pointer: `${pointer}/rules/${i}/pattern` });
    });
  }
  if (type === 'input' && value.inputType === 'money' && typeof value.bind === 'string') seen.moneyPaths.add(value.bind);
  if (type === 'openDialog' && typeof value.dialog === 'string') seen.opened.add(value.dialog);
  if (type === 'http' && typeof value.endpoint === 'string' && isObj(value.params)) seen.https.push({ endpoint: value.endpoint, params: value.params, pointer: `${pointer}/params` });
  if (type === 'validate') seen.validates.push({ action: value, pointer });
  for (const [k, v] of Object.entries(value)) if (k !== '$comment') collect(v, `${pointer}/${esc(k)}`, seen, depth + 1);
}

// ---------------------------------------------------------------------------------------------
// Money passed as text

/** Functions whose result is display text, never a number of cents. */
const TEXT_FUNCTIONS = new Set(['money', 'string', 'date', 'datetime', 'currency', 'upper', 'lower', 'trim', 'join', 't']);

/** The request fields of an endpoint that are integer cents (described so in the request schema). */
function centsFields(catalogue: ApiCatalogue, endpoint: string): Set<string> {
  const schema = catalogue.request?.(endpoint);
  const out = new Set<string>();
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
    const types = Array.isArray(prop.type) ? prop.type : [prop.type];
    const description = (prop as { description?: unknown }).description;
    if (types.includes('integer') && typeof description === 'string' && /\bcents\b|minor units/i.test(description)) out.add(name);
  }
  return out;
}

function chainPath(node: Node): string | null {
  if (node.type !== 'Chain' || node.base.type !== 'Identifier' || node.base.name !== 'state') return null;
  const names: string[] = [];
  for (const link of node.links) {
    if (link.computed) return null;
    names.push(link.name);
  }
  return names.join('.');
}

/** Why an expression yields text rather than cents, or null when it may well be a number. */
function textReason(node: Node, moneyPaths: ReadonlySet<string>): string | null {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? `the string ${JSON.stringify(node.value)}` : null;
    case 'Call':
      return TEXT_FUNCTIONS.has(node.callee) ? `${node.callee}(...), which formats text` : null;
    case 'Binary':
      if (node.operator !== '+') return null;
      return textReason(node.left, moneyPaths) ?? textReason(node.right, moneyPaths) ? 'text joined with +' : null;
    case 'Conditional':
      return textReason(node.consequent, moneyPaths) ?? textReason(node.alternate, moneyPaths);
    case 'Chain': {
      const path = chainPath(node);
      return path !== null && moneyPaths.has(path) ? `state.${path}, the text of a money input (use cents(state.${path}))` : null;
    }
    default:
      return null;
  }
}

function valueReason(value: unknown, moneyPaths: ReadonlySet<string>): string | null {
  if (typeof value !== 'string') return null;
  const parsed = parseTemplate(value);
  if (!parsed.ok) return null; // expression-syntax says it
  const { template } = parsed;
  if (template.kind === 'literal') return `the text ${JSON.stringify(value)}`;
  if (template.kind === 'mixed') return 'text with a binding inside';
  const part = template.parts.find((p) => p.kind === 'binding');
  return part && part.kind === 'binding' ? textReason(part.ast, moneyPaths) : null;
}

function moneyIssues(seen: Seen, file: string, catalogue: ApiCatalogue): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  for (const call of seen.https) {
    const cents = centsFields(catalogue, call.endpoint);
    for (const [name, value] of Object.entries(call.params)) {
      if (!cents.has(name)) continue;
      const why = valueReason(value, seen.moneyPaths);
      if (why) issues.push({ file, pointer: `${call.pointer}/${esc(name)}`, code: 'money-as-text', message: LAYOUT_MESSAGES['money-as-text'](call.endpoint, name, why), severity: 'error' });
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// A required action that can never be visible

/** The spec's primary actions: required even when the layout does not say so. */
const PRIMARY_LABELS = new Set(['Pay Now', 'Loan Now']);

function neverVisible(node: Obj): boolean {
  const v = node.visible;
  return v === false || (typeof v === 'string' && /^\s*\{\{\s*(false|null|undefined|0|''|"")\s*\}\}\s*$/.test(v));
}

function requiredIssues(doc: Obj, seen: Seen, file: string): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  const visit = (value: unknown, pointer: string, hidden: string | null, depth: number) => {
    if (depth > 100) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, `${pointer}/${i}`, hidden, depth + 1));
      return;
    }
    if (!isObj(value) || typeof value.type !== 'string') return;
    const off = neverVisible(value);
    const why = hidden ?? (off ? `its visible is always false (${pointer}/visible)` : null);
    const label = typeof value.label === 'string' ? value.label : '';
    const required = value.type === 'button' && (value.required === true || (value.required !== false && PRIMARY_LABELS.has(label)));
    if (required && why) {
      const name = typeof value.id === 'string' ? value.id : label || pointer;
      issues.push({ file, pointer, code: 'required-hidden', message: LAYOUT_MESSAGES['required-hidden'](name, why), severity: 'error' });
    }
    const below = hidden ?? (off ? `it is inside ${pointer}, whose visible is always false` : null);
    for (const key of ['children', 'template', 'empty']) if (key in value) visit(value[key], `${pointer}/${key}`, below, depth + 1);
  };
  visit(doc.body, '/body', null, 0);
  const dialogs = Array.isArray(doc.dialogs) ? doc.dialogs : [];
  dialogs.forEach((d, i) => {
    if (!isObj(d)) return;
    const id = typeof d.id === 'string' ? d.id : '';
    visit(d, `/dialogs/${i}`, id && !seen.opened.has(id) ? `it is in dialog "${id}", which no openDialog action opens` : null, 0);
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// validate actions and rules

/** The input rules' patterns run as `new RegExp(pattern, 'u')` (src/render/inputRules.ts). */
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
  const push = (pointer: string, code: 'validate-target' | 'bad-pattern', message: string) => issues.push({ file, pointer, code, message, severity: 'error' });
  for (const { action, pointer } of seen.validates) {
    const fields = Array.isArray(action.fields) ? action.fields : [];
    if (fields.length === 0 && action.form === undefined) push(pointer, 'validate-target', LAYOUT_MESSAGES['validate-target']('', 'give fields (node ids) or form (the id of the node holding them)'));
    fields.forEach((id, i) => {
      if (typeof id !== 'string' || seen.ruleIds.has(id)) return;
      const why = seen.nodeIds.has(id) ? `node "${id}" has no rules` : `no node has id "${id}"${hint(id, seen.ruleIds)}`;
      push(`${pointer}/fields/${i}`, 'validate-target', LAYOUT_MESSAGES['validate-target'](id, why));
    });
    if (typeof action.form === 'string' && !seen.nodeIds.has(action.form)) {
      push(`${pointer}/form`, 'validate-target', LAYOUT_MESSAGES['validate-target'](action.form, `no node has id "${action.form}"${hint(action.form, seen.nodeIds.keys())}`));
    }
  }
  for (const { pattern, pointer } of seen.patterns) {
    if (typeof pattern === 'string' && !compiles(pattern)) push(pointer, 'bad-pattern', LAYOUT_MESSAGES['bad-pattern'](pattern));
  }
  return issues;
}

/** The form and primary-action rules of one layout. */
export function formIssues(doc: Obj, file: string, catalogue: ApiCatalogue): LayoutIssue[] {
  const seen: Seen = { nodeIds: new Map(), ruleIds: new Set(), moneyPaths: new Set(), opened: new Set(), https: [], validates: [], patterns: [] };
  for (const key of ['dataSources', 'onLoad', 'onBack', 'body', 'dialogs']) collect(doc[key], `/${key}`, seen, 0);
  // A data source is a call too: its params go to its endpoint.
  if (isObj(doc.dataSources)) {
    for (const [name, source] of Object.entries(doc.dataSources)) {
      if (isObj(source) && typeof source.endpoint === 'string' && isObj(source.params)) {
        seen.https.push({ endpoint: source.endpoint, params: source.params, pointer: `/dataSources/${esc(name)}/params` });
      }
    }
  }
  return [...moneyIssues(seen, file, catalogue), ...requiredIssues(doc, seen, file), ...validateIssues(seen, file)];
}
