import type { Node } from './ast';
import { childrenOf } from './ast';
import { templateOf } from './template';

/** What one layout string reads: scope member paths and the functions it calls. */
export interface TemplateReads {
  /** Member paths read from the scope, e.g. ['data', 'plan', 'amountMax']; unique, in order. */
  paths: string[][];
  /** Names of the functions called; unique, in order. */
  functions: string[];
}

/**
 * The scope paths and functions of a layout string, from its tree in the template cache (compiled
 * by the server, or parsed before): no parser, so the borrower's app can order and watch its
 * computed values. A string without a tree reads nothing here (its error shows where it is used).
 * A computed member ends a path: `data.plan[x].y` reads ['data', 'plan'] (and whatever `x` reads).
 */
export function templateReads(source: string): TemplateReads {
  const paths = new Map<string, string[]>();
  const functions = new Set<string>();
  if (typeof source !== 'string') return { paths: [], functions: [] };
  const parsed = templateOf(source);
  if (parsed.ok)
    for (const part of parsed.value.parts)
      if (part.kind === 'binding') collectReads(part.ast, paths, functions);
  return { paths: [...paths.values()], functions: [...functions] };
}

/** Keyed by the names joined with dots: they are identifiers, which cannot hold a dot themselves. */
function addPath(paths: Map<string, string[]>, path: string[]): void {
  paths.set(path.join('.'), path);
}

// Recursion is bounded by the parser's tree-height limit.
export function collectReads(
  node: Node,
  paths: Map<string, string[]>,
  functions: Set<string>,
): void {
  if (node.type === 'Identifier') {
    addPath(paths, [node.name]);
    return;
  }
  if (node.type === 'Chain' && node.base.type === 'Identifier') {
    const path = [node.base.name];
    for (const link of node.links) {
      if (link.computed) break;
      path.push(link.name);
    }
    addPath(paths, path);
    for (const link of node.links) if (link.computed) collectReads(link.expr, paths, functions);
    return;
  }
  if (node.type === 'Call') functions.add(node.callee);
  for (const child of childrenOf(node)) collectReads(child, paths, functions);
}
