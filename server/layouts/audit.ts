/**
 * The layouts' audit log (migration 004): one entry per change (publish, import, rollback, draft,
 * discard, approval), written in the change's own transaction so no change is left unrecorded.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database, LayoutAuditTable } from '../db/types';

export type AuditEntry = Omit<Insertable<LayoutAuditTable>, 'id' | 'at'>;

export async function audit(tx: Db | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await tx.insertInto('layout_audit').values(entry).execute();
}
