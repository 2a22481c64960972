/**
 * The JSON editor: CodeMirror 6 with completion and hover from the layout schema (the bundled
 * schema, server/layouts/studio/schemaBundle.ts, followed to the cursor: schema/) and the
 * checker's issues (schema and every lint rule, the same check as publishing, run in a worker)
 * shown inline on the exact node they name. Inside `{{ }}` the data paths complete and explain
 * themselves from the response schemas and the layout's state (bindingCompletion.ts). Nothing
 * here validates the document: a key costs the editor's own work only.
 */
import { json, jsonLanguage } from '@codemirror/lang-json';
import { syntaxTree } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView, hoverTooltip } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import type { Issue } from './api';
import { bindingCompletion, bindingHover, type DataSchemas } from './bindingCompletion';
import { schemaCompletion } from './schema/schemaCompletion';
import { schemaHover } from './schema/schemaHover';
import type { Schema } from './schema/schemaWalk';
import { inlineText } from './problems';

export function createEditor(
  parent: HTMLElement,
  text: string,
  schema: Schema,
  dataSchemas: DataSchemas,
  onChange: (text: string) => void,
): EditorView {
  // The layout as last parsed: `{{ }}` completion reads its sources, state and computed values.
  let doc: unknown = null;
  let parsedText: string | null = null;
  const bindings = () => {
    const now = view.state.doc.toString();
    if (now !== parsedText) {
      parsedText = now;
      try {
        doc = JSON.parse(now);
      } catch {
        // Half-typed JSON: keep the last layout that parsed.
      }
    }
    return { doc, schemas: dataSchemas };
  };
  const view: EditorView = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        json(),
        jsonLanguage.data.of({ autocomplete: bindingCompletion(bindings) }),
        jsonLanguage.data.of({ autocomplete: schemaCompletion(schema) }),
        hoverTooltip(schemaHover(schema)),
        hoverTooltip(bindingHover(bindings)),
        lintGutter(),
        EditorView.contentAttributes.of({ 'aria-label': 'Layout JSON' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  // The scroller holds the text: reachable by keyboard, as a scrolling region must be (axe).
  view.scrollDOM.tabIndex = 0;
  return view;
}

/** Offset of a 1-based line:column, clamped into the document. */
function offsetOf(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(column - 1, 0), l.to);
}

/** The node an issue's position names: a whole `"key": value` member, or an array item's value. */
function rangeAt(view: EditorView, pos: number): { from: number; to: number } {
  let node = syntaxTree(view.state).resolveInner(pos, 1);
  while (
    node.parent &&
    node.from === pos &&
    node.parent.from === pos &&
    node.parent.name !== 'JsonText'
  )
    node = node.parent;
  if (node.name === 'PropertyName' && node.parent?.name === 'Property') node = node.parent;
  if (node.to <= node.from) return { from: pos, to: Math.min(pos + 1, view.state.doc.length) };
  return { from: node.from, to: node.to };
}

export function showIssues(view: EditorView, issues: Issue[]): void {
  const diagnostics: Diagnostic[] = issues.map((issue) => {
    const { from, to } = rangeAt(view, offsetOf(view.state.doc, issue.line, issue.column));
    return {
      from,
      to,
      severity: 'error',
      source: issue.code,
      message: inlineText(issue),
    };
  });
  view.dispatch(setDiagnostics(view.state, diagnostics));
}

export function replaceText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
