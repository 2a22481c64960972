/**
 * The layouts as the server serves them: the published version of each layout, read from the
 * database (server/layouts/reads.ts) once per version and kept in memory; a draft only for a request
 * that carries a valid preview token (an operator's preview, never cached). Every version in the
 * database passed checkLayoutText when it was published, with the fragments it was expanded with
 * then (stored as `served`), so nothing here validates or expands a published version again.
 * Shared by GET /layouts/{name}.json and the app shell. Other instances' publishes arrive through
 * invalidate() (server/layouts/sync.ts: LISTEN/NOTIFY, polling as fallback).
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../core/errors';
import { expandForServing, type FragmentSource } from './servedFragments';
import { validateLayoutStrict } from '@kopa/contract/strictValidator';
import { checkLayoutLimits } from '@kopa/contract';

export interface GoodLayout {
  body: string;
  etag: string;
  doc: unknown;
  /** The published version number (0 for a draft). */
  version: number;
  /** True for an operator's draft preview: never cached, marked in the page. */
  preview?: boolean;
  /**
   * The body passes the strict layout schema of this build (checked once per version, here): the
   * page is told so and needs not load the browser's validators for it. False for a
   * body an older schema let through, or a broken draft: the browser then checks it itself.
   */
  checked: boolean;
  /** When not checked: the strict check's first problem (what the app's error screen says). */
  invalid?: { pointer: string; message: string };
}

/** Where the texts come from (the database in the server; a map in unit tests). */
export interface LayoutSource {
  /** The published version (its text, and the body borrowers get), null when there is no such layout. */
  published(name: string): Promise<{ version: number; content: string; served: string } | null>;
  /** The current draft text, else the published text; null when there is no such layout. */
  draft(name: string): Promise<string | null>;
  /** Every layout's published version number (for polling). */
  versions(): Promise<Map<string, number>>;
}

export interface LayoutStore {
  /** The published version of `name` (or its draft, given a preview token valid for it); null when there is none. */
  load(name: string, previewToken?: string): Promise<GoodLayout | null>;
  /** Forget the cached version of one layout (or all): the next load reads the source. */
  invalidate(name?: string): void;
  /** Compares the cached versions with the source's and forgets the ones that changed (their names). */
  refresh(): Promise<string[]>;
}

/**
 * The strict build checks every node by its widget's schema: what the browser's checks accepted,
 * and more. Its first problem, or null when the layout passes.
 */
function strictProblem(doc: unknown): { pointer: string; message: string } | null {
  try {
    const limit = checkLayoutLimits(doc);
    if (limit) return { pointer: limit.pointer, message: limit.message };
    if (validateLayoutStrict(doc) === true) return null;
    const first = validateLayoutStrict.errors?.[0];
    const extra = (first?.params as { additionalProperty?: unknown } | undefined)
      ?.additionalProperty;
    const message =
      extra !== undefined ? `unknown property "${String(extra)}"` : (first?.message ?? 'invalid');
    return { pointer: first?.instancePath ?? '', message };
  } catch {
    return { pointer: '', message: 'The layout could not be checked.' };
  }
}

function withCheck(good: Omit<GoodLayout, 'checked'>): GoodLayout {
  const problem = strictProblem(good.doc);
  return problem === null
    ? { ...good, checked: true }
    : { ...good, checked: false, invalid: problem };
}

export const LAYOUT_NAME = /^[A-Za-z0-9_-]+$/;

export function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/**
 * What a borrower gets for a stored layout text: the one place where a stored text becomes the
 * served body. A published version's body was expanded when it was published (`served`); a
 * draft's uses are expanded with `fragments` as they are now.
 */
export function servable(
  text: string,
  version: number,
  fragments: FragmentSource | { served: string },
): GoodLayout {
  let doc: unknown = null;
  const source = 'served' in fragments ? fragments.served : text;
  try {
    doc = JSON.parse(source);
  } catch {
    // Only a draft can be unparsable (publishing refuses it): the page shows its own error screen.
  }
  if ('served' in fragments) return withCheck({ body: source, doc, etag: etagOf(source), version });
  const served = expandForServing(doc, text, fragments());
  return withCheck({ body: served.body, doc: served.doc, etag: etagOf(served.body), version });
}

export interface LayoutStoreOptions {
  /** The fragments a draft preview is expanded with. */
  fragments: FragmentSource;
  /** True when `token` lets its bearer see the draft of `name` (server/layouts/studio/auth.ts). */
  verifyPreview?: (token: string, name: string) => boolean;
}

export function createLayoutStore(
  source: LayoutSource,
  log: FastifyBaseLogger,
  opts: LayoutStoreOptions,
): LayoutStore {
  /** name -> the published version being read or read; concurrent requests share one read. */
  const cache = new Map<string, { version: number | null; pending: Promise<GoodLayout | null> }>();

  async function readPublished(
    name: string,
    entry: { version: number | null },
  ): Promise<GoodLayout | null> {
    let row;
    try {
      row = await source.published(name);
    } catch (e) {
      log.error({ layout: name, reason: (e as Error).message }, 'layout could not be read');
      throw new ApiError(503, '503', 'The page layout is unavailable right now; please try again.');
    }
    if (!row) return null;
    entry.version = row.version;
    return servable(row.content, row.version, { served: row.served });
  }

  return {
    async load(name, previewToken) {
      if (!LAYOUT_NAME.test(name)) return null;
      if (previewToken !== undefined && opts.verifyPreview?.(previewToken, name)) {
        const text = await source.draft(name);
        return text === null ? null : { ...servable(text, 0, opts.fragments), preview: true };
      }
      const cached = cache.get(name);
      if (cached) return cached.pending;
      const entry: { version: number | null; pending: Promise<GoodLayout | null> } = {
        version: null,
        pending: Promise.resolve(null),
      };
      entry.pending = readPublished(name, entry);
      cache.set(name, entry);
      // "No such layout" and a failed read (database down) are not cached: the next request asks again.
      entry.pending.then(
        (good) => {
          if (!good && cache.get(name) === entry) cache.delete(name);
        },
        () => {
          if (cache.get(name) === entry) cache.delete(name);
        },
      );
      return entry.pending;
    },
    invalidate(name) {
      if (name === undefined) cache.clear();
      else cache.delete(name);
    },
    async refresh() {
      const current = await source.versions();
      const changed: string[] = [];
      for (const [name, entry] of cache) {
        if (entry.version === null || current.get(name) === entry.version) continue;
        cache.delete(name);
        changed.push(name);
      }
      return changed;
    },
  };
}
