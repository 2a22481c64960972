import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { openDemoSessions, revokeDemoSessions } from './demoSessions';
import { ensureSettings, seed } from './seed';

/**
 * Demo mode: the demo borrowers and their sessions, unless the database's borrowers 10001, ... are
 * not the demo's (then nothing, and one warning). Otherwise: the demo sessions found are revoked,
 * said in one warning line.
 */
export async function demoData(
  app: FastifyInstance,
  db: Db,
  demo: boolean,
  now: Date,
): Promise<boolean> {
  await ensureSettings(db);
  if (!demo) {
    const revoked = await revokeDemoSessions(db, now);
    if (revoked.length > 0)
      app.log.warn(
        { revoked },
        `Demo sessions revoked (not in demo mode): ${revoked.join(', ')} no longer open anything.`,
      );
    return false;
  }
  const outcome = await seed(db);
  if (outcome.seeded) {
    await openDemoSessions(db, now);
    return true;
  }
  app.log.warn(
    { foreign: outcome.foreign },
    `Demo data not seeded: borrower(s) ${outcome.foreign.join(', ')} already exist and are not the demo's; no demo session was opened.`,
  );
  return false;
}
