/**
 * The draft's effects in the studio (publishing by effect): what the draft changes in what the
 * layout does, against the published version ("adds a call to saveBankInfo"), and whether a
 * second publisher must approve it and why. The server decides (server/layouts/approvals/); this
 * only shows its answer, as text.
 */
import type { LayoutDetail } from './api';

/** Fills `box` (the approval area) for `detail` as seen by `user`. */
export function renderEffects(box: HTMLElement, detail: LayoutDetail, user: string): void {
  box.replaceChildren();
  if (!detail.draft) return;
  const { diff, twoPerson } = detail.effects;
  const by = detail.draft.approvedBy;
  const line = (text: string) => {
    const p = document.createElement('p');
    p.textContent = text;
    box.append(p);
  };
  if (diff.length > 0) {
    line('What this draft changes in what the layout does:');
    const list = document.createElement('ul');
    list.setAttribute('aria-label', 'Effect changes');
    for (const d of diff) {
      const li = document.createElement('li');
      li.textContent = d;
      list.append(li);
    }
    box.append(list);
  }
  if (!twoPerson) return;
  const others = by.filter((a) => a !== user);
  line(
    `Two people: ${twoPerson}. This draft ${detail.draft.hash.slice(0, 8)} ${by.length ? `approved by ${by.join(', ')}` : 'not approved yet'}. ${others.length ? 'It can be published by a publisher other than the approver.' : 'Another publisher, who did not edit it, must approve this exact text (an approval lasts 24 hours and ends when the draft changes).'}`,
  );
}
