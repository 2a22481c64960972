/**
 * `npm run validate -- --stats`: figures that say whether the layouts read like configuration
 * (the layout statistics targets), measured over a set of parsed layouts. Pure: no file system, no React.
 *
 * How each figure is measured (docs/decisions/007-layout-statistics-and-comment.md):
 * - a binding is one `{{ }}` of a string; its length is the expression between the braces,
 *   trimmed. `$comment` values are notes, not bindings, and are skipped everywhere;
 * - a repeated block is a JSON subtree (object, array or string) whose serialisation, keys sorted
 *   and comments left out, is 250+ characters and appears in two or more layouts. Only the
 *   largest copies are listed: a block all of whose copies sit inside a larger repeated block is
 *   part of that block;
 * - a string() comparison is `string(x)` as an operand of ==, !=, <, <=, >, >= (and ===, !==);
 * - if depth counts `if` actions inside `if` actions, through any action list in between (an
 *   http's onError inside an if's else is still a level of the ladder). One `if` is depth 1.
 */
import { parseTemplate, type Node } from '@kopa/expr';
import { childrenOf } from '@kopa/expr';
import { escapePointer } from '@kopa/contract';

export interface LayoutInput {
  file: string;
  doc: unknown;
}

export interface Where {
  file: string;
  pointer: string;
}

export interface RepeatedBlock {
  /** Characters of the block's serialisation. */
  length: number;
  where: Where[];
}

export interface LayoutStats {
  layouts: number;
  /** Fragment files (layouts/_fragments/), counted once each besides the layouts that use them. */
  fragments: number;
  bindings: number;
  longestBinding: { length: number; source: string; where: Where | null };
  repeatedBlocks: RepeatedBlock[];
  stringComparisons: Where[];
  ifDepth: { depth: number; where: Where | null };
}

/** The issue's targets. */
export const STATS_LIMITS = {
  bindingLength: 80,
  blockLength: 250,
  stringComparisons: 0,
  ifDepth: 2,
} as const;

const COMMENT = '$comment';
const COMPARISONS = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=']);

function isStringCall(node: Node): boolean {
  return node.type === 'Call' && node.callee === 'string';
}

/** Comparisons in one expression that need a string() on either side. */
function stringComparisons(ast: Node): number {
  let count = 0;
  const stack: Node[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (
      node.type === 'Binary' &&
      COMPARISONS.has(node.operator) &&
      (isStringCall(node.left) || isStringCall(node.right))
    )
      count++;
    stack.push(...childrenOf(node));
  }
  return count;
}

/** Mutable tallies while walking. */
interface Acc {
  stats: LayoutStats;
  /** serialisation -> where it occurs, for subtrees of blockLength characters or more. */
  blocks: Map<string, Where[]>;
}

function visitString(acc: Acc, value: string, where: Where): void {
  const parsed = parseTemplate(value);
  // A string that does not parse is the validator's business; it has no figures here.
  if (!parsed.ok) return;
  for (const part of parsed.template.parts) {
    if (part.kind !== 'binding') continue;
    acc.stats.bindings++;
    const source = part.source.trim();
    if (source.length > acc.stats.longestBinding.length)
      acc.stats.longestBinding = { length: source.length, source, where };
    for (let i = stringComparisons(part.ast); i > 0; i--) acc.stats.stringComparisons.push(where);
  }
}

/**
 * Walks one value; returns its canonical serialisation (keys sorted, comments out) and the
 * depth of `if` actions within it, so each subtree is serialised once, bottom up.
 */
function visit(
  acc: Acc,
  value: unknown,
  file: string,
  pointer: string,
): { text: string; ifDepth: number } {
  let text: string;
  let ifDepth = 0;
  if (typeof value === 'string') {
    visitString(acc, value, { file, pointer });
    text = JSON.stringify(value);
  } else if (Array.isArray(value)) {
    const parts = value.map((v, i) => visit(acc, v, file, `${pointer}/${i}`));
    ifDepth = Math.max(0, ...parts.map((p) => p.ifDepth));
    text = `[${parts.map((p) => p.text).join(',')}]`;
  } else if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => k !== COMMENT)
      .sort();
    const parts = keys.map((k) => ({
      k,
      ...visit(acc, obj[k], file, `${pointer}/${escapePointer(k)}`),
    }));
    ifDepth = Math.max(0, ...parts.map((p) => p.ifDepth));
    if (obj.type === 'if' && 'when' in obj) {
      ifDepth += 1;
      if (ifDepth > acc.stats.ifDepth.depth)
        acc.stats.ifDepth = { depth: ifDepth, where: { file, pointer } };
    }
    text = `{${parts.map((p) => `${JSON.stringify(p.k)}:${p.text}`).join(',')}}`;
  } else {
    return { text: JSON.stringify(value) ?? 'null', ifDepth: 0 };
  }
  if (text.length >= STATS_LIMITS.blockLength) {
    const list = acc.blocks.get(text);
    if (list) list.push({ file, pointer });
    else acc.blocks.set(text, [{ file, pointer }]);
  }
  return { text, ifDepth };
}

function isFragmentFile(file: string): boolean {
  return /(^|[/\\])_fragments[/\\]/.test(file);
}

/** Is `pointer` strictly inside `outer`? */
function inside(pointer: string, outer: string): boolean {
  return pointer.startsWith(`${outer}/`);
}

/** Blocks found in two or more layouts, largest first, without the copies nested in a larger one. */
function repeatedAcrossLayouts(blocks: Map<string, Where[]>): RepeatedBlock[] {
  const repeated = [...blocks.entries()]
    .filter(([, where]) => new Set(where.map((w) => w.file)).size >= 2)
    .map(([text, where]) => ({ length: text.length, where }));
  const all = repeated.flatMap((b) => b.where.map((w) => ({ ...w, length: b.length })));
  return repeated
    .filter(
      (b) =>
        !b.where.every((w) =>
          all.some((o) => o.file === w.file && o.length > b.length && inside(w.pointer, o.pointer)),
        ),
    )
    .sort((a, b) => b.length - a.length);
}

/** The figures over a set of layouts (each already parsed). */
export function layoutStats(inputs: readonly LayoutInput[]): LayoutStats {
  const acc: Acc = {
    stats: {
      layouts: inputs.filter((i) => !isFragmentFile(i.file)).length,
      fragments: inputs.filter((i) => isFragmentFile(i.file)).length,
      bindings: 0,
      longestBinding: { length: 0, source: '', where: null },
      repeatedBlocks: [],
      stringComparisons: [],
      ifDepth: { depth: 0, where: null },
    },
    blocks: new Map(),
  };
  for (const { file, doc } of inputs) {
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) continue;
    // Each top-level member on its own: two layouts are never one repeated block as a whole.
    for (const [key, value] of Object.entries(doc)) {
      if (key !== COMMENT) visit(acc, value, file, `/${escapePointer(key)}`);
    }
  }
  acc.stats.repeatedBlocks = repeatedAcrossLayouts(acc.blocks);
  return acc.stats;
}

/** How a place is written in the report; the CLI adds line:column. */
export type Locate = (where: Where) => string;

const plain: Locate = (w) => `${w.file}: ${w.pointer || '/'}`;

function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

/** Whether every target holds: the layouts are kept at these targets, so `--stats` fails otherwise. */
export function statsMet(stats: LayoutStats): boolean {
  const { bindingLength, stringComparisons: maxStrings, ifDepth: maxDepth } = STATS_LIMITS;
  return (
    stats.longestBinding.length <= bindingLength &&
    stats.repeatedBlocks.length === 0 &&
    stats.stringComparisons.length <= maxStrings &&
    stats.ifDepth.depth <= maxDepth
  );
}

/** The report: one line per target with its limit and PASS/FAIL, then where it fails. */
export function formatStats(stats: LayoutStats, locate: Locate = plain): string[] {
  const {
    bindingLength,
    blockLength,
    stringComparisons: maxStrings,
    ifDepth: maxDepth,
  } = STATS_LIMITS;
  const longest = stats.longestBinding;
  const fragments = stats.fragments > 0 ? ` and ${stats.fragments} fragment(s)` : '';
  const lines = [`stats: ${stats.layouts} layout(s)${fragments}, ${stats.bindings} binding(s)`];
  lines.push(
    `  ${verdict(longest.length <= bindingLength)} longest binding: ${longest.length} characters (limit <= ${bindingLength})`,
  );
  if (longest.where)
    lines.push(
      `    ${locate(longest.where)}: ${JSON.stringify(longest.source.length > 60 ? `${longest.source.slice(0, 60)}...` : longest.source)}`,
    );
  lines.push(
    `  ${verdict(stats.repeatedBlocks.length === 0)} blocks of ${blockLength}+ characters repeated across layouts: ${stats.repeatedBlocks.length} (limit 0)`,
  );
  for (const block of stats.repeatedBlocks) {
    lines.push(`    ${block.length} characters, ${block.where.length} copies:`);
    for (const w of block.where) lines.push(`      ${locate(w)}`);
  }
  const strings = stats.stringComparisons;
  lines.push(
    `  ${verdict(strings.length <= maxStrings)} string() coercions in comparisons: ${strings.length} (limit ${maxStrings})`,
  );
  for (const w of strings) lines.push(`    ${locate(w)}`);
  lines.push(
    `  ${verdict(stats.ifDepth.depth <= maxDepth)} if/else nesting depth of if actions: ${stats.ifDepth.depth} (limit <= ${maxDepth})`,
  );
  if (stats.ifDepth.where) lines.push(`    ${locate(stats.ifDepth.where)}`);
  return lines;
}
