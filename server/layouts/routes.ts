/**
 * GET /layouts/{name}.json with ETag/304: the last good version of each layout (see
 * layoutStore.ts), 404 for an unknown name, 503 if a layout never was valid.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../core/errors';
import { LAYOUT_NAME, type LayoutStore } from './store';
import { LAYOUT_CHECKED_HEADER } from '../../src/schema/layoutChecked';
import { LAYOUT_SCHEMA_VERSION } from '../../src/schema/generated/validators/layoutSchemaVersion';

export function registerLayouts(app: FastifyInstance, layouts: LayoutStore): void {
  app.get<{ Params: { file: string } }>('/layouts/:file', async (req, reply) => {
    const m = /^(.+)\.json$/.exec(req.params.file);
    const name = m?.[1];
    if (!name || !LAYOUT_NAME.test(name)) throw notFound('No such layout.');
    const good = await layouts.load(name);
    if (!good) throw notFound(`No layout named "${name}".`);
    reply.header('ETag', good.etag).header('Cache-Control', 'no-cache');
    // Checked here with the strict schema of this build: the app skips its own check (issue 10).
    if (good.checked) reply.header(LAYOUT_CHECKED_HEADER, LAYOUT_SCHEMA_VERSION);
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').map((s) => s.trim()).includes(good.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(good.body);
  });
}
