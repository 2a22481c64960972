/**
 * Hover over a property name: what the schema says it is, with an example; an unknown property
 * gets "did you mean" with the closest names the node or action at that place takes.
 */
import type { EditorState } from '@codemirror/state';
import type { Tooltip } from '@codemirror/view';
import { cursorContext } from './cursorContext';
import { describeProperty, type Schema } from './schemaWalk';

export function schemaHover(bundle: Schema) {
  return (view: { state: EditorState }, pos: number): Tooltip | null => {
    const text = view.state.doc.toString();
    const where = cursorContext(text, pos);
    if (where.kind !== 'key' || !where.word) return null;
    const about = describeProperty(bundle, where.steps, where.word);
    if (!about) return null;
    return {
      pos: where.from,
      end: where.to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 's-hover';
        const head = document.createElement('strong');
        head.textContent = about.title;
        const body = document.createElement('div');
        body.textContent = about.text;
        dom.append(head, body);
        if (about.example) {
          const example = document.createElement('code');
          example.textContent = `Example: ${about.example}`;
          dom.append(example);
        }
        return { dom };
      },
    };
  };
}
