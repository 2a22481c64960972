/**
 * What the studio's route families share: the database, the served layouts' cache, the fragments
 * as they are now, the clock, and the preview link of a draft.
 */
import type { FragmentFiles } from '@kopa/contract';
import routes from '../../../config/routes.json';
import type { Db } from '../../db';
import { DEMO_SCREENS, demoQuery } from '../../demo/demoScreens';
import type { LayoutStore } from '../store';
import { previewToken } from './auth';

export interface StudioContext {
  db: Db;
  store: LayoutStore;
  /** The fragments the server serves now (a draft is checked and hashed against them). */
  fragments: () => FragmentFiles;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** A fresh preview link for a layout's draft (null for a layout no route shows). */
  preview: (name: string) => { url: string; expires: string } | null;
}

/** The borrower route that shows a layout, with the demo query of its first demo screen. */
export function previewPath(name: string): string | null {
  const page = Object.values(routes.pages).find((p) => p.layout === name);
  if (!page) return null;
  const screen = DEMO_SCREENS.find(([, path]) => path === page.path);
  return `${page.path}?${demoQuery(screen?.[2])}`;
}

/** The preview link carries a signed, short-lived token for the draft of that one layout. */
export function previewLink(secret: string, now: () => number): StudioContext['preview'] {
  return (name) => {
    const path = previewPath(name);
    if (!path) return null;
    const { token, expires } = previewToken(secret, name, now());
    return {
      url: `${path}&kopaPreview=${encodeURIComponent(token)}`,
      expires: new Date(expires).toISOString(),
    };
  };
}
