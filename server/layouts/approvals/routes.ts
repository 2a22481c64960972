/**
 * POST /studio/api/layouts/:name/versions/:version/approve: a publisher approves rolling `name`
 * back to `version` (its exact content hash), for a rollback that needs two people
 * (gate.ts). Behind the studio's auth hook like every /studio/api route.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { audit } from '../audit';
import { notFound } from '../../core/errors';
import { LAYOUT_NAME } from '../store';
import { requirePublisher, shortHash } from '../studio/governance';
import { versionNumber } from '../studio/versionNumber';

export function registerRollbackApprovals(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  app.post<{ Params: { name: string; version: string } }>(
    '/studio/api/layouts/:name/versions/:version/approve',
    async (req) => {
      const { name } = req.params;
      const version = versionNumber(req.params.version);
      if (!LAYOUT_NAME.test(name) || version === null) throw notFound('No such layout version.');
      requirePublisher(req.studioRole, 'Approving');
      const target = await db
        .selectFrom('layout_versions')
        .select(['hash'])
        .where('layout', '=', name)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!target) throw notFound(`Layout "${name}" has no version ${version}.`);
      const approver = req.studioUser ?? '';
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('layout_approvals')
          .values({ layout: name, hash: target.hash, approver, kind: 'rollback', version })
          .execute();
        await audit(tx, {
          layout: name,
          action: 'approve',
          actor: approver,
          from_version: null,
          to_version: version,
          reason: `approved rollback to v${version} (${shortHash(target.hash)})`,
        });
      });
      return { code: 0, message: 'success', data: { version, hash: target.hash, approver } };
    },
  );
}
