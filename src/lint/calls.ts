import { parseTemplate, type Node } from '@kopa/expr';
import { childrenOf } from '@kopa/expr';

export interface CallSite {
  name: string;
  args: number;
  /** Offset in the layout string. */
  pos: number;
}

/**
 * Every function call in a layout string with its argument count (for the arity rule). A
 * string that does not parse has none: the syntax error is reported on its own.
 */
export function callSites(source: string): CallSite[] {
  const parsed = parseTemplate(source);
  if (!parsed.ok) return [];
  const out: CallSite[] = [];
  // An explicit stack: the parser bounds tree height, but the linter need not rely on it.
  const stack: Node[] = [];
  for (const part of parsed.template.parts) if (part.kind === 'binding') stack.push(part.ast);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.type === 'Call')
      out.push({ name: node.callee, args: node.args.length, pos: node.pos });
    stack.push(...childrenOf(node));
  }
  // In the order they are written, so messages read left to right.
  return out.sort((a, b) => a.pos - b.pos);
}
