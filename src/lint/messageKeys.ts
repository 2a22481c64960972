import appTexts from '../../messages/en.json' with { type: 'json' };
import screenTexts from '../../messages/layouts/en.json' with { type: 'json' };
import { parseTemplate, type Node } from '@kopa/expr';
import { childrenOf } from '@kopa/expr';

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

/** The English catalogue, app and layout texts together (the linter runs in node and the studio, never in the app's entry). */
const ENGLISH: Readonly<Record<string, string>> = { ...appTexts, ...screenTexts };

/** Whether the catalogue has this key (the linter checks layouts' t('key') against it). */
export function hasMessage(key: string): boolean {
  return key !== '$comment' && Object.hasOwn(ENGLISH, key);
}

/** Every key of the catalogue (for did-you-mean). */
export function messageKeys(): string[] {
  return Object.keys(ENGLISH).filter((k) => k !== '$comment');
}

/** The English text of a catalogue key (the checker names nodes by what operators read), or undefined. */
export function englishText(key: string): string | undefined {
  return hasMessage(key) ? ENGLISH[key] : undefined;
}
