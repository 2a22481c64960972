/**
 * The draft's effects (publishing by effect): what it changes in what the layout does against the
 * published version ("adds a call to saveBankInfo"), and whether a second publisher must approve
 * it and why. The server decides (server/layouts/approvals/); this shows its answer, as text.
 */
import type { LayoutDetail } from '../api';

export function EffectsPanel({ detail, user }: { detail: LayoutDetail; user: string }) {
  const { draft } = detail;
  const { diff, twoPerson } = detail.effects;
  const by = draft?.approvedBy ?? [];
  const others = by.filter((a) => a !== user);
  return (
    <div className="s-approval" role="region" aria-label="Effects and approval">
      {draft && diff.length > 0 && (
        <>
          <p>What this draft changes in what the layout does:</p>
          <ul aria-label="Effect changes">
            {diff.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </>
      )}
      {draft && twoPerson && (
        <p>
          {`Two people: ${twoPerson}. This draft ${draft.hash.slice(0, 8)} ${by.length ? `approved by ${by.join(', ')}` : 'not approved yet'}. ${others.length ? 'It can be published by a publisher other than the approver.' : 'Another publisher, who did not edit it, must approve this exact text (an approval lasts 24 hours and ends when the draft changes).'}`}
        </p>
      )}
    </div>
  );
}
