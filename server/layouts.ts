/**
 * GET /layouts/{name}.json from the layouts directory, with ETag/304. A file that is not JSON or
 * fails validateLayoutDocument is not served: the last good version is (kept per name), and the
 * reason is logged; 503 if there never was a good one. The file is re-read when its mtime or
 * size changes, so operators edit JSON and reload.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { validateLayoutDocument } from '../src/schema/validateLayout';
import { ApiError, notFound } from './errors';

interface Good { body: string; etag: string }
interface Entry { stamp: string; good: Good | null }

const NAME_RE = /^[A-Za-z0-9_-]+$/;

export function registerLayouts(app: FastifyInstance, layoutsDir: string): void {
  const cache = new Map<string, Entry>();

  async function load(name: string): Promise<Good | null> {
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
      app.log.error({ layout: name, reason: (e as Error).message }, 'layout is not valid JSON; serving the last good version');
      return entry.good ?? failNoGood(name);
    }
    const errors = validateLayoutDocument(doc, `layouts/${name}.json`).filter((i) => i.severity === 'error');
    if (errors.length > 0) {
      app.log.error({ layout: name, issues: errors.slice(0, 10) }, 'layout failed validation; serving the last good version');
      return entry.good ?? failNoGood(name);
    }
    entry.good = { body: text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    return entry.good;
  }

  function failNoGood(name: string): never {
    throw new ApiError(503, '503', `Layout "${name}" is invalid and no previous valid version is available.`);
  }

  app.get<{ Params: { file: string } }>('/layouts/:file', async (req, reply) => {
    const m = /^(.+)\.json$/.exec(req.params.file);
    const name = m?.[1];
    if (!name || !NAME_RE.test(name)) throw notFound('No such layout.');
    const good = await load(name);
    if (!good) throw notFound(`No layout named "${name}".`);
    reply.header('ETag', good.etag).header('Cache-Control', 'no-cache');
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').map((s) => s.trim()).includes(good.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(good.body);
  });
}
