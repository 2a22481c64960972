/**
 * Diff between any two versions of a layout, or a version and the draft: two
 * pickers and CodeMirror's merge view, unchanged stretches collapsed.
 */
import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { minimalSetup } from 'codemirror';

interface DiffSource {
  versions: number[];
  published: number | null;
  hasDraft: boolean;
  draftText: () => string;
  /** A version's text (fetched once). */
  load: (version: number) => Promise<string>;
}

const DRAFT = 'draft';

export function diffPanel(src: DiffSource): { el: HTMLElement; destroy: () => void } {
  let merge: MergeView | null = null;
  let ticket = 0;
  const el = document.createElement('div');
  const box = document.createElement('div');
  box.className = 's-merge';
  const picker = (label: string, value: string) => {
    const s = document.createElement('select');
    s.setAttribute('aria-label', label);
    const options: Array<[string, string]> = src.versions.map((v) => [
      String(v),
      `v${v}${v === src.published ? ' (published)' : ''}`,
    ]);
    if (src.hasDraft) options.unshift([DRAFT, 'Draft']);
    for (const [v, text] of options) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = text;
      s.append(o);
    }
    s.value = options.some(([v]) => v === value) ? value : (options[0]?.[0] ?? '');
    s.addEventListener('change', () => void show());
    return s;
  };
  const left = picker('Compare from', src.published === null ? DRAFT : String(src.published));
  const right = picker('Compare to', src.hasDraft ? DRAFT : String(src.published ?? ''));
  const text = (v: string) =>
    v === DRAFT ? Promise.resolve(src.draftText()) : src.load(Number(v));
  async function show(): Promise<void> {
    const mine = ++ticket;
    const [a, b] = await Promise.all([text(left.value), text(right.value)]);
    if (mine !== ticket) return; // a later choice is on its way
    merge?.destroy();
    const ro = [minimalSetup, json(), EditorState.readOnly.of(true), EditorView.editable.of(false)];
    merge = new MergeView({
      a: { doc: a, extensions: ro },
      b: { doc: b, extensions: ro },
      parent: box,
      collapseUnchanged: { margin: 3 },
    });
  }
  const bar = document.createElement('p');
  bar.append(left, ' -> ', right);
  el.append(bar, box);
  void show();
  return {
    el,
    destroy: () => {
      ticket += 1;
      merge?.destroy();
    },
  };
}
