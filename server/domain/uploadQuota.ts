/**
 * Per-user upload quota in a rolling window, by count and by bytes. The row is inserted first and
 * the window counted afterwards (reserve, then check): parallel uploads all see each other's
 * reservations, so a burst cannot overshoot the quota (at worst it refuses one too many).
 */
import type { Db } from '../db';
import { ApiError } from '../core/errors';

export interface UploadQuota {
  count: number;
  bytes: number;
  windowMs: number;
}

export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  count: 50,
  bytes: 50 * 1024 * 1024,
  windowMs: 24 * 3_600_000,
};

export interface Reservation {
  name: string;
  userId: string;
  mime: string;
  size: number;
  at: Date;
}

/** Records the upload; throws 429 (and removes the row) when it takes the user past the quota. */
export async function reserveUpload(db: Db, quota: UploadQuota, r: Reservation): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ name: r.name, user_id: r.userId, mime: r.mime, size: r.size, created_at: r.at })
    .execute();
  const since = new Date(r.at.getTime() - quota.windowMs);
  const used = await db
    .selectFrom('uploads')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
    ])
    .where('user_id', '=', r.userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(used.n) > quota.count || Number(used.bytes) > quota.bytes) {
    await db.deleteFrom('uploads').where('name', '=', r.name).execute();
    const hours = Math.round(quota.windowMs / 3_600_000);
    throw new ApiError(
      429,
      '429',
      `Upload limit reached: at most ${quota.count} images or ${Math.round(quota.bytes / 1024 / 1024)} MB in ${hours} hours. Please try again later.`,
    );
  }
}
