/**
 * SMS codes. Nothing is ever sent: the "gateway" is an in-memory outbox that the test-only route
 * reads (test mode) and a logger that development mode passes as onSend. In production neither is
 * set and no plaintext code is kept anywhere. The database keeps a hash (no plaintext codes in dumps),
 * the purpose, expiry, use and tries, so limits survive restarts.
 */
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import { tooMany } from '../core/errors';
import { rateLimitRefusals, smsSent } from '../metrics/registry';

export type SmsPurpose = 'del' | 'login' | 'register' | 'repay';

export interface SmsLimits {
  phonePerMinute: number;
  phonePerHour: number;
  ipPerMinute: number;
  ipPerHour: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = {
  phonePerMinute: 1,
  phonePerHour: 5,
  ipPerMinute: 5,
  ipPerHour: 20,
};
export const SMS_TTL_MS = 10 * 60 * 1000;
export const SMS_MAX_TRIES = 5;

export type VerifyResult = 'ok' | 'wrong' | 'none';

interface OutboxEntry {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  at: Date;
}

export interface SmsDeps {
  db: Db;
  now: () => Date;
  limits: SmsLimits;
  /** Called with each issued code (development logs it). */
  onSend?: (entry: OutboxEntry) => void;
  /** Keep the latest code per phone in memory for latest() (test mode; also on when onSend is set). */
  outbox?: boolean;
  /** Most phones the outbox holds; the oldest is dropped first. */
  outboxLimit?: number;
}

export const DEFAULT_OUTBOX_LIMIT = 1000;

function hash(phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${purpose}|${phone}|${code}`).digest('hex');
}

/** A code not sent for a limit, counted with the other limits' refusals (kopa_rate_limit_refusals_total). */
function refused(message: string) {
  rateLimitRefusals.inc({ limit: 'sms' });
  return tooMany(message);
}

export class SmsService {
  private readonly outbox = new Map<string, OutboxEntry>();
  constructor(private readonly deps: SmsDeps) {}

  /** Latest code sent to a phone (test route only; undefined when the outbox is off). */
  latest(phone: string): OutboxEntry | undefined {
    return this.outbox.get(phone);
  }

  private async count(db: Db, column: 'phone' | 'ip', value: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('sms_codes')
      .select(sql<number>`count(*)`.as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Refuses (429, no code issued) past the per-phone and per-IP limits. `db`: pass the transaction
   * when called inside one (PGlite has a single connection: the outer handle would wait forever).
   */
  async checkLimits(phone: string, ip: string, db: Db = this.deps.db): Promise<void> {
    const now = this.deps.now().getTime();
    const minute = new Date(now - 60_000);
    const hour = new Date(now - 3_600_000);
    const l = this.deps.limits;
    if ((await this.count(db, 'phone', phone, minute)) >= l.phonePerMinute)
      throw refused('Please wait a minute before requesting another code.');
    if ((await this.count(db, 'phone', phone, hour)) >= l.phonePerHour)
      throw refused('Too many codes requested for this phone; try again later.');
    if ((await this.count(db, 'ip', ip, minute)) >= l.ipPerMinute)
      throw refused('Too many codes requested from this network; wait a minute.');
    if ((await this.count(db, 'ip', ip, hour)) >= l.ipPerHour)
      throw refused('Too many codes requested from this network; try again later.');
  }

  /** Sends a new code within the limits; answers its sms_codes id (a repayment record binds to it). */
  async issue(
    phone: string,
    purpose: SmsPurpose,
    ip: string,
    digits: number,
    db: Db = this.deps.db,
  ): Promise<number> {
    await this.checkLimits(phone, ip, db);
    const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
    const at = this.deps.now();
    const row = await db
      .insertInto('sms_codes')
      .values({
        phone,
        purpose,
        ip,
        code_hash: hash(phone, purpose, code),
        created_at: at,
        expires_at: new Date(at.getTime() + SMS_TTL_MS),
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    smsSent.inc({ purpose });
    const entry = { phone, purpose, code, at };
    if (this.deps.outbox || this.deps.onSend) this.remember(entry);
    this.deps.onSend?.(entry);
    return row.id;
  }

  private remember(entry: OutboxEntry): void {
    this.outbox.delete(entry.phone); // re-inserted last: the Map's order is oldest first
    this.outbox.set(entry.phone, entry);
    const limit = this.deps.outboxLimit ?? DEFAULT_OUTBOX_LIMIT;
    for (const phone of this.outbox.keys()) {
      if (this.outbox.size <= limit) break;
      this.outbox.delete(phone);
    }
  }

  /**
   * Checks a code against the newest live code of that phone and purpose. Right: used up.
   * Wrong: one more try; the fifth wrong try kills the code. A code of another purpose never matches.
   */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<VerifyResult> {
    const now = this.deps.now();
    const live = await this.deps.db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('tries', '<', SMS_MAX_TRIES)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!live) return 'none';
    if (live.code_hash !== hash(phone, purpose, code)) {
      await this.deps.db
        .updateTable('sms_codes')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('id', '=', live.id)
        .execute();
      return 'wrong';
    }
    // Conditional update: two concurrent uses of one code cannot both succeed.
    const used = await this.deps.db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .where('tries', '<', SMS_MAX_TRIES)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 'ok' : 'none';
  }

  /**
   * Checks a code against one issued code (by id), not the phone's newest: a repayment record
   * accepts only the code sent for it. Same tries, expiry and single use as verify().
   */
  async verifyIssued(
    id: number,
    phone: string,
    purpose: SmsPurpose,
    code: string,
    db: Db = this.deps.db,
  ): Promise<VerifyResult> {
    const now = this.deps.now();
    const live = await db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash'])
      .where('id', '=', id)
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('tries', '<', SMS_MAX_TRIES)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!live) return 'none';
    if (live.code_hash !== hash(phone, purpose, code)) {
      await db
        .updateTable('sms_codes')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('id', '=', id)
        .execute();
      return 'wrong';
    }
    const used = await db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('tries', '<', SMS_MAX_TRIES)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? 'ok' : 'none';
  }

  /** Whether `code` is the one issued as `id`, used or not (a retry after a lost answer). */
  async isIssuedCode(
    id: number,
    phone: string,
    purpose: SmsPurpose,
    code: string,
    db: Db = this.deps.db,
  ): Promise<boolean> {
    const row = await db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('id', '=', id)
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row?.code_hash === hash(phone, purpose, code);
  }

  /** Kills an issued code that was not used (resend replaced it, or its record was voided). */
  async revoke(id: number, db: Db = this.deps.db): Promise<void> {
    await db
      .updateTable('sms_codes')
      .set({ used_at: this.deps.now() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .execute();
  }
}
