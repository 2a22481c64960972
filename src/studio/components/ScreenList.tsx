/** Every layout: its route, published version, number of versions and open draft. */
import { useEffect, useState } from 'react';
import { call, StudioError, type LayoutSummary } from '../api';
import { when } from './when';

export function ScreenList({ onExpired }: { onExpired: () => void }) {
  const [list, setList] = useState<LayoutSummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call<LayoutSummary[]>('GET', '/layouts').then(setList, (e: unknown) => {
      if (e instanceof StudioError && e.status === 401) onExpired();
      else setError(e instanceof Error ? e.message : String(e));
    });
  }, [onExpired]);
  return (
    <main>
      <h2 className="s-heading">Screens</h2>
      {error && (
        <p className="s-error s-heading" role="alert">
          {error}
        </p>
      )}
      {list && (
        <table className="s-list">
          <thead>
            <tr>
              <th>Layout</th>
              <th>Route</th>
              <th>Published</th>
              <th>Versions</th>
              <th>Draft</th>
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={l.name}>
                <td>
                  <a href={`#/layouts/${l.name}`}>{l.name}</a>
                </td>
                <td>{l.path ?? '(no route)'}</td>
                <td>{l.published === null ? '-' : `v${l.published}`}</td>
                <td>{l.versions}</td>
                <td>{l.draft ? `draft by ${l.draft.author}, ${when(l.draft.updatedAt)}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
