/**
 * JSON pointers <-> places in the editor's text, through CodeMirror's JSON syntax tree: the
 * outline selects a node's whole text in the editor by its pointer (the same pointer the
 * renderer gives the node, so the preview can mark it too).
 */
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';

type SyntaxNode = ReturnType<typeof syntaxTree>['topNode'];

const VALUE = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function values(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (VALUE.has(c.name)) out.push(c);
  return out;
}

function propertyValue(state: EditorState, object: SyntaxNode, key: string): SyntaxNode | null {
  for (let p = object.firstChild; p; p = p.nextSibling) {
    if (p.name !== 'Property') continue;
    const name = p.getChild('PropertyName');
    if (!name) continue;
    let text: unknown;
    try {
      text = JSON.parse(state.sliceDoc(name.from, name.to));
    } catch {
      continue;
    }
    if (text === key) return values(p)[0] ?? null;
  }
  return null;
}

/** The text range of the value at `pointer` ("/body/1/children/0"), or null. */
export function rangeOfPointer(
  state: EditorState,
  pointer: string,
): { from: number; to: number } | null {
  const top = syntaxTree(state).topNode;
  let node: SyntaxNode | null = values(top)[0] ?? null;
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (const seg of segments) {
    if (!node) return null;
    if (node.name === 'Object') node = propertyValue(state, node, seg);
    else if (node.name === 'Array' && /^\d+$/.test(seg)) node = values(node)[Number(seg)] ?? null;
    else return null;
  }
  return node ? { from: node.from, to: node.to } : null;
}
