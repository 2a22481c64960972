/**
 * Diff between any two versions of a layout, or a version and the draft: two pickers and
 * CodeMirror's merge view, unchanged stretches collapsed. Versions are fetched once.
 */
import { useEffect, useRef, useState } from 'react';
import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { minimalSetup } from 'codemirror';

const DRAFT = 'draft';

interface Props {
  versions: number[];
  published: number | null;
  draftText: () => string;
  load: (version: number) => Promise<string>;
  /** Changes when the draft was saved: the draft side is read again. */
  revision: number;
}

export function DiffView({ versions, published, draftText, load, revision }: Props) {
  const options: Array<[string, string]> = [
    [DRAFT, 'Draft'],
    ...versions.map(
      (v) => [String(v), `v${v}${v === published ? ' (published)' : ''}`] as [string, string],
    ),
  ];
  const [from, setFrom] = useState(published === null ? DRAFT : String(published));
  const [to, setTo] = useState(DRAFT);
  const box = useRef<HTMLDivElement>(null);
  const source = useRef({ draftText, load });
  source.current = { draftText, load };

  useEffect(() => {
    let live = true;
    let merge: MergeView | null = null;
    const text = (v: string) =>
      v === DRAFT ? Promise.resolve(source.current.draftText()) : source.current.load(Number(v));
    void Promise.all([text(from), text(to)]).then(([a, b]) => {
      if (!live || !box.current) return; // a later choice is on its way
      const ro = [
        minimalSetup,
        json(),
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
      ];
      merge = new MergeView({
        a: { doc: a, extensions: ro },
        b: { doc: b, extensions: ro },
        parent: box.current,
        collapseUnchanged: { margin: 3 },
      });
    });
    return () => {
      live = false;
      merge?.destroy();
    };
  }, [from, to, revision]);

  const picker = (label: string, value: string, set: (v: string) => void) => (
    <select aria-label={label} value={value} onChange={(e) => set(e.target.value)}>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
  return (
    <div>
      <p>
        {picker('Compare from', from, setFrom)} {'->'} {picker('Compare to', to, setTo)}
      </p>
      <div className="s-merge" ref={box} />
    </div>
  );
}
