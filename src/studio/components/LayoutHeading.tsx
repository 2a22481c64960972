/** The layout's name, its published version (by whom, when) and whether it has a draft. */
import type { LayoutDetail } from '../api';
import { when } from './when';

export function LayoutHeading({ name, detail }: { name: string; detail: LayoutDetail }) {
  const p = detail.published;
  return (
    <>
      <h2 className="s-title">{name}</h2>
      <p className="s-summary">
        {p
          ? `Published: version ${p.version}, by ${p.author}, ${when(p.createdAt)}`
          : 'Not published'}
        {detail.draft ? ` · draft by ${detail.draft.author}` : ' · no draft'}
      </p>
    </>
  );
}
