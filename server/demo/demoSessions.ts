/**
 * The demo sessions (`demo-session`, ...): opened only in demo mode, on the demo's own borrowers;
 * revoked by every other start, so a database that once ran the demo, or a copy of one, never
 * answers to a session id printed in the README.
 */
import type { Db } from '../db';
import { DEMO } from './seedData';

/** Each demo session with the demo borrower it belongs to. */
const DEMO_SESSIONS: ReadonlyArray<readonly [sessionId: string, userId: string]> = [
  [DEMO.sessionId, DEMO.userId],
  [DEMO.otherSessionId, DEMO.otherUserId],
  [DEMO.noLoanSessionId, DEMO.noLoanUserId],
];

/**
 * Demo mode, after a seed that found the demo borrowers its own: each demo session starts a fresh
 * lifetime, so the printed links work on a data dir of any age, and one revoked by a start
 * outside demo mode opens again. Never on a deleted account (deleting it revoked its sessions).
 */
export async function openDemoSessions(db: Db, now: Date): Promise<void> {
  for (const [id, userId] of DEMO_SESSIONS) {
    await db
      .updateTable('sessions')
      .set({ created_at: now, last_seen_at: now, revoked_at: null })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.id', '=', userId)
            .where('users.deleted_at', 'is', null),
        ),
      )
      .execute();
  }
}

/** Any start outside demo mode: the live demo sessions are revoked; answers their ids. */
export async function revokeDemoSessions(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(
      'id',
      'in',
      DEMO_SESSIONS.map(([id]) => id),
    )
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort();
}
