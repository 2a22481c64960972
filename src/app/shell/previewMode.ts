import { PAGE_BLOCK, type SimulatedAnswer } from '@kopa/contract';
import { enablePreviewMarks, selectInPreview } from '@kopa/react';

/**
 * True when this page is an operator's draft preview (the server marks the layout block it puts
 * in the page with data-preview="1" only for a valid preview token, server/page/appShell.ts). A
 * preview shows the development error box (the node's JSON pointer and problem) even in a
 * production build: the operator must see what is broken, not a blank. Read once, at module
 * load, before the shell takes the block out of the page.
 */
export const PREVIEW: boolean =
  typeof document !== 'undefined' &&
  document.getElementById(PAGE_BLOCK.layout)?.dataset.preview === '1';

// The studio (same origin, the frame's parent) posts { kopaStudioSelect: <JSON pointer> } when an
// operator selects a node in its outline: the preview marks that node (src/react/render/PreviewSelection.tsx).
if (PREVIEW) {
  enablePreviewMarks();
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== window.location.origin || e.source !== window.parent) return;
    const pointer = (e.data as { kopaStudioSelect?: unknown } | null)?.kopaStudioSelect;
    if (typeof pointer === 'string' || pointer === null) selectInPreview(pointer);
  });
}

/**
 * A preview's data scenario (overdue, no card, ...): endpoint -> response data the page uses
 * instead of calling those endpoints. The server puts it in the page only beside a valid preview
 * token (server/layouts/previewScenarios.ts); a borrower's page never has it.
 */
export const PREVIEW_FIXTURES: Readonly<Record<string, unknown>> | undefined = (() => {
  if (!PREVIEW) return undefined;
  const text = document.getElementById(PAGE_BLOCK.scenario)?.textContent;
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * A preview's failure scenario (server message, 401, 500, time-out, slow): endpoint -> how it
 * answers (src/http/simulatedAnswer.ts). Only beside a valid preview token, like the fixtures.
 */
export const PREVIEW_ANSWERS: Readonly<Record<string, SimulatedAnswer>> | undefined = (() => {
  if (!PREVIEW) return undefined;
  const text = document.getElementById(PAGE_BLOCK.answers)?.textContent;
  try {
    return text ? (JSON.parse(text) as Record<string, SimulatedAnswer>) : undefined;
  } catch {
    return undefined;
  }
})();
