import { parseTemplate, type Node } from '../expr';
import { childrenOf } from '../expr/ast';

/**
 * The catalogue keys a layout string names: the first argument of each t('key', ...) call when it
 * is written as a string literal (a key computed at run time cannot be checked here; msg() then
 * shows the key itself, so the slip is visible on screen). A string that does not parse has none.
 */
export function messageKeysIn(source: string): string[] {
  const parsed = parseTemplate(source);
  if (!parsed.ok) return [];
  const keys: string[] = [];
  const stack: Node[] = [];
  for (const part of parsed.template.parts) if (part.kind === 'binding') stack.push(part.ast);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.type === 'Call' && node.callee === 't') {
      const first = node.args[0];
      if (first?.type === 'Literal' && typeof first.value === 'string') keys.push(first.value);
    }
    stack.push(...childrenOf(node));
  }
  return keys;
}
