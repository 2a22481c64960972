/**
 * GET /layouts/{name}.json with ETag/304: the last good version of each layout (see
 * store.ts), 404 for an unknown name, 503 if a layout never was valid. GET
 * /layouts/{name}.compiled.json: the same version compiled for the borrower's app (compiled.ts),
 * the only form the app reads. Sent brotli or gzip by negotiation like the built files,
 * compressed once per version, not per request.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../core/errors';
import { LAYOUT_NAME, type LayoutStore } from './store';
import { compiledOf } from './compiled';
import { LAYOUT_CHECKED_HEADER } from '@kopa/contract';
import { LAYOUT_SCHEMA_VERSION } from '@kopa/contract';
import {
  compressedText,
  REVALIDATE,
  sendRepresentation,
  type Representation,
} from '../http/staticFiles';

/** Compressed copies by ETag: one per layout version served (and preview), so a small bound. */
const CACHE_MAX = 200;

export function registerLayouts(app: FastifyInstance, layouts: LayoutStore): void {
  const compressed = new Map<string, Representation>();
  app.get<{ Params: { file: string } }>('/layouts/:file', async (req, reply) => {
    const m = /^(.+?)(\.compiled)?\.json$/.exec(req.params.file);
    const name = m?.[1];
    if (!name || !LAYOUT_NAME.test(name)) throw notFound('No such layout.');
    const good = await layouts.load(name);
    if (!good) throw notFound(`No layout named "${name}".`);
    // Checked here with the strict schema of this build.
    if (good.checked) reply.header(LAYOUT_CHECKED_HEADER, LAYOUT_SCHEMA_VERSION);
    const { body, etag } = m?.[2] ? compiledOf(name, good) : good;
    let rep = compressed.get(etag);
    if (!rep) {
      if (compressed.size >= CACHE_MAX) compressed.clear();
      rep = { ...compressedText(body, 'application/json; charset=utf-8', REVALIDATE), etag };
      compressed.set(etag, rep);
    }
    return sendRepresentation(req, reply, rep);
  });
}
