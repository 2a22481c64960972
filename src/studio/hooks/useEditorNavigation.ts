/**
 * Moving around the editor from elsewhere: the outline selects a node's whole text (and the
 * preview marks it), a problem puts the cursor on its line:column.
 */
import { useCallback, useState, type RefObject } from 'react';
import type { EditorView } from '@codemirror/view';
import type { Issue } from '../api';
import { rangeOfPointer } from '../jsonPointer';

export function useEditorNavigation(view: RefObject<EditorView | null>) {
  const [selected, setSelected] = useState<string | null>(null);
  const select = useCallback(
    (pointer: string) => {
      setSelected(pointer);
      const v = view.current;
      const range = v ? rangeOfPointer(v.state, pointer) : null;
      if (v && range) {
        v.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
        v.focus();
      }
    },
    [view],
  );
  const goTo = (i: Issue) => {
    const v = view.current;
    if (!v) return;
    const line = v.state.doc.line(Math.min(Math.max(i.line, 1), v.state.doc.lines));
    v.dispatch({
      selection: { anchor: Math.min(line.from + i.column - 1, line.to) },
      scrollIntoView: true,
    });
    v.focus();
  };
  return { selected, select, goTo };
}
