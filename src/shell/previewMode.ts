import { PAGE_BLOCK } from '../prelude/blocks';
/**
 * True when this page is an operator's draft preview (the server marks the layout block it puts
 * in the page with data-preview="1" only for a valid preview token, server/prelude/appShell.ts). A
 * preview shows the development error box (the node's JSON pointer and problem) even in a
 * production build: the operator must see what is broken, not a blank. Read once, at module
 * load, before the shell takes the block out of the page.
 */
export const PREVIEW: boolean = typeof document !== 'undefined' && document.getElementById(PAGE_BLOCK.layout)?.dataset.preview === '1';
