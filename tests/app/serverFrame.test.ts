// @vitest-environment jsdom
/**
 * The server's frame (server/page/appFrame.ts) is painted just before #root. React renders
 * into an empty #root beside it, so the frame is never moved once painted (a move made the
 * browser lay it out again); it keeps its header under React's loading state and goes when the
 * page is on screen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keepServerFrame } from '../../src/app/shell/serverFrame';

const FRAME =
  '<div class="k-page k-frame" data-kopa-frame=""><header class="k-page-header"><h1 class="k-page-header__title">Repayment Details</h1></header><p class="k-frame__status" role="status">Loading...</p></div>';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(body: string): HTMLElement {
  document.body.innerHTML = body;
  return document.getElementById('root') as HTMLElement;
}

/** The mutations keepServerFrame itself makes to the body's children (a move is a removal and an insertion). */
function watchBody(): MutationRecord[] {
  const records: MutationRecord[] = [];
  new MutationObserver((list) => records.push(...list)).observe(document.body, { childList: true });
  return records;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keepServerFrame', () => {
  it('leaves a frame painted before #root where it is, and removes it once the page is in #root', async () => {
    const root = page(`${FRAME}<div id="root"></div>`);
    const frame = document.querySelector('[data-kopa-frame]');
    const moves = watchBody();
    keepServerFrame(root);
    await tick();
    expect(moves).toHaveLength(0);
    expect(root.previousElementSibling).toBe(frame);
    root.innerHTML =
      '<main class="k-page"><header class="k-page-header"><h1>Repayment Details</h1></header></main>';
    await tick();
    expect(document.querySelector('[data-kopa-frame]')).toBeNull();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it("keeps only the frame's header under the shell's loading state (no header of its own)", async () => {
    const root = page(`${FRAME}<div id="root"></div>`);
    keepServerFrame(root);
    root.innerHTML = '<div class="k-state--loading" role="status">Loading...</div>';
    await tick();
    expect(
      document.querySelector('[data-kopa-frame]')?.classList.contains('k-frame--header-only'),
    ).toBe(true);
  });

  it('moves a frame an older server put inside #root out beside it before React empties #root', () => {
    const root = page(`<div id="root">${FRAME}</div>`);
    keepServerFrame(root);
    expect(root.childElementCount).toBe(0);
    expect(root.previousElementSibling?.hasAttribute('data-kopa-frame')).toBe(true);
  });

  it('does nothing on a page with no frame (no layout for the path)', () => {
    const root = page('<div id="root"></div>');
    keepServerFrame(root);
    expect(document.body.innerHTML).toBe('<div id="root"></div>');
  });
});
