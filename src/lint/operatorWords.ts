/**
 * A layout issue in the words of the operator who edits the screen: the node it is about, named as
 * they see it ("Pay Now button, id payNow, in the pay bar"), a suggested fix, and its exact
 * line:column instead of a character offset (an expression's "at 77", JSON.parse's "at position
 * 716"). The studio shows these instead of JSON pointers; `npm run validate` adds them to its
 * file:line:column and pointer. Runs wherever the checker runs (Node, the studio), no React.
 */
import { englishText } from './messageKeys';

/** An issue already placed at its value's line:column (server/layouts/check.ts, scripts/validate.ts). */
interface PlacedIssue {
  pointer: string;
  code: string;
  message: string;
  line: number;
  column: number;
}

export interface OperatorIssue {
  /** The message without offsets (the position is in line and column). */
  message: string;
  /** The node in words; '' for the whole layout. */
  where: string;
  /** What to change, when the checker knows; '' otherwise. */
  fix: string;
  line: number;
  column: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** "payBar" -> "pay bar", "page-header" -> "page header". */
export function inWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
}

/** A node's visible label: plain text, or the English text of a lone t('key'). */
function labelOf(node: Json): string {
  for (const key of ['label', 'text', 'title', 'name', 'placeholder']) {
    const v = node[key];
    if (typeof v !== 'string' || v.trim() === '') continue;
    const t = /^\{\{\s*t\(\s*'([^']+)'\s*\)\s*\}\}$/.exec(v.trim());
    if (t?.[1]) return englishText(t[1]) ?? '';
    if (!v.includes('{{') && v.length <= 40) return v.trim();
  }
  return '';
}

function nodeWords(node: Json): string {
  if (typeof node.use === 'string') return `use of fragment ${node.use}`;
  const label = labelOf(node);
  const type = typeof node.type === 'string' ? inWords(node.type) : 'node';
  const id = typeof node.id === 'string' ? `, id ${node.id}` : '';
  return `${label ? `${label} ` : ''}${type}${id}`;
}

const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The top-level sections an operator names by their key. */
const SECTIONS: Record<string, string> = {
  dataSources: 'data source',
  state: 'state',
  computed: 'computed value',
};

/** The node at `pointer` (or holding it) in words, with where it sits. */
export function whereInWords(doc: unknown, pointer: string): string {
  const tokens = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
  if (tokens.length === 0) return 'the layout';
  const top = tokens[0] ?? '';
  const section = SECTIONS[top];
  if (section && tokens.length >= 2) {
    const rest = tokens.slice(2);
    return `${section} "${tokens[1]}"${rest.length ? `, at ${rest.join('.')}` : ''}`;
  }
  // Walk down: remember each typed object (a node or an action) and the last one with an id.
  let value: unknown = doc;
  const typed: Array<{ node: Json; depth: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    value = Array.isArray(value)
      ? value[Number(token)]
      : isObject(value)
        ? value[token]
        : undefined;
    if (isObject(value) && (typeof value.type === 'string' || typeof value.use === 'string'))
      typed.push({ node: value, depth: i + 1 });
    if (value === undefined) break;
  }
  const last = typed[typed.length - 1];
  if (!last) return `"${tokens.join('.')}" of the layout`;
  const field = tokens.slice(last.depth);
  let words = nodeWords(last.node);
  // An action: "step N of onClick of <its node>".
  const owner = typed[typed.length - 2];
  const step = owner ? tokens.slice(owner.depth, last.depth) : [];
  if (owner && step.length === 2 && /^on[A-Z]/.test(step[0] ?? ''))
    words = `${words} (step ${Number(step[1]) + 1} of ${step[0]} of the ${nodeWords(owner.node)})`;
  else {
    const container = [...typed.slice(0, -1)].reverse().find((t) => typeof t.node.id === 'string');
    if (container) words = `${words}, in the ${inWords(String(container.node.id))}`;
  }
  return field.length ? `"${field.join('.')}" of the ${words}` : words;
}

/** A fix the checker can suggest from the issue's code and text; '' when it has none. */
function fixFor(code: string, message: string): string {
  const required = /must have required property '([^']+)'/.exec(message)?.[1];
  if (required) return `add "${required}" to this node`;
  const meant = /did you mean "?([^";)]+)"?/.exec(message)?.[1];
  if (meant) return `write "${meant.trim()}"`;
  if (code === 'not-json')
    return 'look at this point and just before it for a missing comma, quote or closing bracket';
  if (code === 'expression-syntax') {
    const write = /write ([^:;]+?)(?:$|[,;])/.exec(message)?.[1];
    return write ? `write ${write}` : 'correct the expression at this column (docs/expressions.md)';
  }
  if (code === 'duplicate-id') return 'give each node an id of its own';
  if (code === 'duplicate-key') return 'keep one of the two keys';
  return '';
}

/** Node's "at position N" and "(line L column C)", and an expression's trailing " at N". */
const JSON_AT =
  /\s+in JSON at position \d+(?:\s*\(line \d+ column \d+\))?|\s+at position \d+|\s*\(line \d+ column \d+\)/g;

/**
 * The column of a string value's first character, from the position the checker gives (the
 * member's key, or the value itself inside an array); null when the line does not show it.
 */
function valueStart(text: string, line: number, column: number): number | null {
  const rest = text.split('\n')[line - 1]?.slice(column - 1) ?? '';
  const m = /^(?:"(?:[^"\\]|\\.)*"\s*:\s*)?"/.exec(rest);
  return m ? column + m[0].length : null;
}

/** `text`: the layout's text, to place an expression's offset on its line (without it, the value's line:column). */
const POINTER_IN_TEXT = /(?<![\w/])\/(?:body|dialogs|dataSources|state|computed)(?:\/[\w~.-]+)*/g;

export function inOperatorTerms(issue: PlacedIssue, doc: unknown, text = ''): OperatorIssue {
  const { line } = issue;
  let { message, column } = issue;
  if (issue.code === 'not-json') message = message.replace(JSON_AT, '');
  if (issue.code === 'expression-syntax') {
    // The offset counts from the string's first character (no escapes before it in a binding).
    const at = / at (\d+)$/.exec(message);
    if (at) {
      message = message.slice(0, at.index);
      const start = valueStart(text, line, column);
      if (start !== null) column = start + Number(at[1]);
    }
  }
  // A pointer a rule names in its text ("it is inside /body/1") reads as the node it points at.
  if (doc !== null)
    message = message.replace(POINTER_IN_TEXT, (p: string) => `the ${whereInWords(doc, p)}`);
  const where = issue.code === 'not-json' ? '' : whereInWords(doc, issue.pointer);
  return { message, where, fix: fixFor(issue.code, message), line, column };
}

/** One line: "57:40 "when" of the if (...): the message; fix: ...". */
export function operatorLine(w: OperatorIssue): string {
  return `${w.line}:${w.column} ${w.where ? `${w.where}: ` : ''}${w.message}${w.fix ? `; fix: ${w.fix}` : ''}`;
}
