/**
 * CodeMirror 6 in React: made once when mounted (editor.ts has its extensions), its view handed
 * to the workspace through `viewRef`; the problems given are shown inline. Text changes go to the
 * newest `onChange`, never re-creating the editor.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { EditorView } from '@codemirror/view';
import type { Issue } from '../api';
import type { DataSchemas } from '../bindingCompletion';
import { createEditor, showIssues } from '../editor';
import type { Schema } from '../schema/schemaWalk';

interface Props {
  initialText: string;
  schema: Schema;
  dataSchemas: DataSchemas;
  issues: Issue[];
  viewRef: RefObject<EditorView | null>;
  onChange: (text: string) => void;
}

export function CodeEditor({ initialText, schema, dataSchemas, issues, viewRef, onChange }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const first = useRef({ initialText, schema, dataSchemas });

  useEffect(() => {
    if (!box.current) return;
    const { initialText: text, schema: s, dataSchemas: d } = first.current;
    const view = createEditor(box.current, text, s, d, (t) => changed.current(t));
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [viewRef]);

  useEffect(() => {
    if (viewRef.current) showIssues(viewRef.current, issues);
  }, [issues, viewRef]);

  return <div className="s-editor" ref={box} />;
}
