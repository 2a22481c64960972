/**
 * The layouts directory as the server serves it: each layout re-read when its file changes, and
 * a file that is not JSON or fails validateLayoutDocument never replaces the last good version
 * (the reason is logged). Shared by GET /layouts/{name}.json and the app shell.
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
  stamp: string;
  good: GoodLayout | null;
}

export const LAYOUT_NAME = /^[A-Za-z0-9_-]+$/;

export function createLayoutStore(layoutsDir: string, log: FastifyBaseLogger): LayoutStore {
  const cache = new Map<string, Entry>();

  function failNoGood(name: string): never {
    throw new ApiError(503, '503', `Layout "${name}" is invalid and no previous valid version is available.`);
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
      const entry = cache.get(name) ?? { stamp: '', good: null };
      if (entry.stamp === stamp) return entry.good ?? failNoGood(name);
      entry.stamp = stamp;
      cache.set(name, entry);
      const text = await readFile(file, 'utf8');
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch (e) {
        log.error({ layout: name, reason: (e as Error).message }, 'layout is not valid JSON; serving the last good version');
        return entry.good ?? failNoGood(name);
      }
      const errors = validateLayoutDocument(doc, `layouts/${name}.json`).filter((i) => i.severity === 'error');
      if (errors.length > 0) {
        log.error({ layout: name, issues: errors.slice(0, 10) }, 'layout failed validation; serving the last good version');
        return entry.good ?? failNoGood(name);
      }
      entry.good = { body: text, doc, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
      return entry.good;
    },
  };
}
