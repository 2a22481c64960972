/**
 * The layouts directory as the server serves it: each layout re-read when its file changes, and
 * a file that is not JSON or fails validateLayoutDocument (too deep or too large included) never
 * replaces the last good version (the reason is logged). Shared by GET /layouts/{name}.json and
 * the app shell.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { validateLayoutDocument } from '../src/schema/validateLayout';
import { ApiError } from './errors';

export interface GoodLayout {
  body: string;
  etag: string;
  doc: unknown;
}

export interface LayoutStore {
  /** The last good version, null when there is no such file; throws 503 if it never was valid. */
  load(name: string): Promise<GoodLayout | null>;
}

interface Entry {
  /** Stamp (mtime:size) of the newest file version seen, and the one read of it, shared by concurrent requests. */
  stamp: string;
  pending: Promise<GoodLayout | null>;
  good: GoodLayout | null;
}

export const LAYOUT_NAME = /^[A-Za-z0-9_-]+$/;

export function createLayoutStore(layoutsDir: string, log: FastifyBaseLogger): LayoutStore {
  const cache = new Map<string, Entry>();

  function failNoGood(name: string): never {
    throw new ApiError(503, '503', `Layout "${name}" is invalid and no previous valid version is available.`);
  }

  /** Reads and validates the file version `stamp`: the new good version, else the last good one. */
  async function read(name: string, file: string, entry: Entry, stamp: string): Promise<GoodLayout | null> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      // Gone or unreadable between stat and read: the last good version, else "no such layout";
      // forget the stamp so the next request looks again.
      if (entry.stamp === stamp) entry.stamp = '';
      log.warn({ layout: name, reason: (e as Error).message }, 'layout could not be read; serving the last good version');
      return entry.good;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      log.error({ layout: name, reason: (e as Error).message }, 'layout is not valid JSON; serving the last good version');
      return entry.good ?? failNoGood(name);
    }
    // validateLayoutDocument refuses a too-deep or too-large layout (src/schema/layoutLimits.ts)
    // before its recursive checks; anything that still throws refuses the file the same way, so a
    // layout can never turn into a 500.
    let errors;
    try {
      errors = validateLayoutDocument(doc, `layouts/${name}.json`, text).filter((i) => i.severity === 'error');
    } catch (e) {
      errors = [{ code: 'not-checked', message: (e as Error).message }];
    }
    if (errors.length > 0) {
      log.error({ layout: name, issues: errors.slice(0, 10) }, 'layout failed validation; serving the last good version');
      return entry.good ?? failNoGood(name);
    }
    const good = { body: text, doc, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    // A slow read of an older version must not replace a newer one read in the meantime.
    if (entry.stamp === stamp || !entry.good) entry.good = good;
    return good;
  }

  return {
    async load(name) {
      if (!LAYOUT_NAME.test(name)) return null;
      const file = join(layoutsDir, `${name}.json`);
      let st;
      try {
        st = await stat(file);
      } catch {
        cache.delete(name);
        return null;
      }
      const stamp = `${st.mtimeMs}:${st.size}`;
      let entry = cache.get(name);
      // Same file version: await its one read (in flight or done), so no request sees the new stamp
      // before that version has been read and validated.
      if (entry?.stamp === stamp) return entry.pending;
      if (!entry) {
        entry = { stamp, good: null, pending: Promise.resolve(null) };
        cache.set(name, entry);
      }
      entry.stamp = stamp;
      const pending = read(name, file, entry, stamp);
      pending.catch(() => undefined); // the 503 reaches every caller that awaits it; never unhandled
      entry.pending = pending;
      return pending;
    },
  };
}
