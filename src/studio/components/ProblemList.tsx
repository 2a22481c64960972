/**
 * The draft's problems in the operator's terms (problems.ts); choosing one puts the cursor on it.
 */
import type { Issue } from '../api';
import { problemText } from '../problems';

export function ProblemList({ issues, onPick }: { issues: Issue[]; onPick: (i: Issue) => void }) {
  if (issues.length === 0)
    return <p className="s-ok">No problems: the draft passes every check.</p>;
  return (
    <ul className="s-issues" aria-label="Problems">
      {issues.map((i, n) => (
        <li key={`${n}:${i.pointer}:${i.code}`}>
          <button type="button" className="s-plain" onClick={() => onPick(i)}>
            {problemText(i)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** In place of the phone preview while the draft is not JSON: why there is no screen. */
export function NotJsonPreview({ issues }: { issues: Issue[] }) {
  const broken = issues.filter((i) => i.code === 'not-json');
  if (broken.length === 0) return null;
  return (
    <div className="s-notjson" role="region" aria-label="Preview">
      <p>The draft is not valid JSON, so there is no screen to preview. Fix this first:</p>
      <ul aria-label="Why there is no preview">
        {broken.map((i, n) => (
          <li key={n}>{problemText(i)}</li>
        ))}
      </ul>
    </div>
  );
}
