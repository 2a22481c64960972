/**
 * Under the editor: why (it goes into the history), Publish (publishers only), Approve this draft
 * (when a second publisher must), Discard draft.
 */
import type { LayoutDetail, Me } from '../api';

interface Props {
  me: Me;
  detail: LayoutDetail;
  why: string;
  onWhy: (why: string) => void;
  onPublish: () => void;
  onApprove: () => void;
  onDiscard: () => void;
}

export function PublishBar({ me, detail, why, onWhy, onPublish, onApprove, onDiscard }: Props) {
  const publisher = me.role === 'publisher';
  return (
    <div className="s-bar">
      <input
        type="text"
        aria-label="Why (goes into the history)"
        placeholder="Why (goes into the history)"
        value={why}
        onChange={(e) => onWhy(e.target.value)}
      />
      <button
        type="button"
        className="primary"
        disabled={!publisher}
        title={publisher ? '' : 'Publishing needs the publisher role'}
        onClick={onPublish}
      >
        Publish
      </button>
      <button
        type="button"
        hidden={!(detail.draft && detail.effects.twoPerson)}
        disabled={!detail.draft || !publisher}
        onClick={onApprove}
      >
        Approve this draft
      </button>
      <button type="button" disabled={!detail.draft} onClick={onDiscard}>
        Discard draft
      </button>
    </div>
  );
}
