/** The tabs under the editor: the draft's problems, the diff of any two versions, the history. */
import type { Issue, LayoutDetail } from '../api';
import { DiffView } from './DiffView';
import { HistoryPanel } from './HistoryPanel';
import { ProblemList } from './ProblemList';

export type Tab = 'problems' | 'diff' | 'history';
const TABS: ReadonlyArray<readonly [Tab, string]> = [
  ['problems', 'Problems'],
  ['diff', 'Diff'],
  ['history', 'History'],
];

interface Props {
  tab: Tab;
  onTab: (tab: Tab) => void;
  issues: Issue[];
  onPick: (issue: Issue) => void;
  detail: LayoutDetail;
  draftText: () => string;
  load: (version: number) => Promise<string>;
  revision: number;
  onRollBack: (version: number) => void;
}

export function Panels({ tab, onTab, issues, onPick, detail, ...rest }: Props) {
  return (
    <>
      <div className="s-tabs" role="tablist" aria-label="Panels">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => onTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="s-panel" role="tabpanel" aria-label={tab}>
        {tab === 'problems' && <ProblemList issues={issues} onPick={onPick} />}
        {tab === 'diff' && (
          <DiffView
            versions={detail.versions.map((v) => v.version)}
            published={detail.published?.version ?? null}
            draftText={rest.draftText}
            load={rest.load}
            revision={rest.revision}
          />
        )}
        {tab === 'history' && <HistoryPanel detail={detail} onRollBack={rest.onRollBack} />}
      </div>
    </>
  );
}
