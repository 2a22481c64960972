/** Every version (who, when, note) with its roll-back, and the audit log. */
import type { LayoutDetail } from '../api';
import { when } from './when';

const version = (v: number | null) => (v === null ? '-' : `v${v}`);

export function HistoryPanel(props: {
  detail: LayoutDetail;
  onRollBack: (version: number) => void;
}) {
  const { versions, audit } = props.detail;
  return (
    <div>
      <h3>Versions</h3>
      <table aria-label="Versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>By</th>
            <th>When</th>
            <th>Note</th>
            <th>
              <span className="s-hidden">Roll back</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>{`v${v.version}${v.published ? ' (published)' : ''}`}</td>
              <td>{v.author}</td>
              <td>{when(v.createdAt)}</td>
              <td>{v.note}</td>
              <td>
                {!v.published && (
                  <button type="button" onClick={() => props.onRollBack(v.version)}>
                    Roll back to v{v.version}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Audit log</h3>
      <table aria-label="Audit log">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Versions</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          {audit.map((a) => (
            <tr key={a.id}>
              <td>{when(a.at)}</td>
              <td>{a.actor}</td>
              <td>{a.action}</td>
              <td>{`${version(a.from)} -> ${version(a.to)}`}</td>
              <td>{a.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
