import { LAYOUT_SCHEMA_VERSION } from './generated/validators/layoutSchemaVersion';

/**
 * A layout the server has checked with the strict schema of this very build (server/layouts/store.ts)
 * comes with a stamp: `data-checked` on the layout block in the page, this header on
 * GET /layouts/{name}.json. The page then renders it without loading its own validators (about
 * 11 KB of code on every first visit). The strict build checks every node by its widget
 * schema, which is all the browser's checks do and more, so nothing is checked less.
 *
 * The stamp counts only when it names the page's own schema version: a layout kept by the service
 * worker from an older build, or a server of another build, is checked in the browser as before.
 * The server is the same origin as the app's code, so a stamp is trusted as far as that code is.
 */
export const LAYOUT_CHECKED_HEADER = 'X-Kopa-Layout-Checked';

export function isCheckedForThisBuild(stamp: string | null | undefined): boolean {
  return stamp === LAYOUT_SCHEMA_VERSION;
}
