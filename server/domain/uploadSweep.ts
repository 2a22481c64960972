/**
 * Orphan clean-up: an upload no complaint refers to (problems.images or dispose_images) is removed
 * from the database and the disk once it is older than the grace period, which leaves a borrower
 * time to finish the complaint form the image was uploaded for.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db';

interface SweepDeps {
  db: Db;
  now: () => Date;
  uploadsDir: string;
}
interface SweepLog {
  info(message: string): void;
  error(obj: object, message: string): void;
}

export const ORPHAN_GRACE_MS = 24 * 3_600_000;
export const SWEEP_EVERY_MS = 3_600_000;

/** Removes orphans older than graceMs (by the context's clock); returns how many. */
export async function sweepOrphanUploads(
  ctx: SweepDeps,
  graceMs = ORPHAN_GRACE_MS,
): Promise<number> {
  const before = new Date(ctx.now().getTime() - graceMs);
  const rows = await ctx.db
    .selectFrom('uploads')
    .select('name')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('problems')
            .select(sql`1`.as('one'))
            .where(
              sql<boolean>`problems.images @> jsonb_build_array('/uploads/' || uploads.name) or problems.dispose_images @> jsonb_build_array('/uploads/' || uploads.name)`,
            ),
        ),
      ),
    )
    .execute();
  for (const { name } of rows) {
    // Row first: a file without a row is never served; a row without a file would be a 404 anyway.
    await ctx.db.deleteFrom('uploads').where('name', '=', name).execute();
    await rm(join(ctx.uploadsDir, name), { force: true });
  }
  return rows.length;
}

/** Runs the sweep periodically; the timer never keeps the process alive. Returns a stop function. */
export function startUploadSweeper(
  ctx: SweepDeps & { log: SweepLog },
  everyMs = SWEEP_EVERY_MS,
): () => void {
  const timer = setInterval(() => {
    sweepOrphanUploads(ctx)
      .then((n) => {
        if (n > 0) ctx.log.info(`removed ${n} orphan upload(s)`);
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'orphan upload sweep failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
