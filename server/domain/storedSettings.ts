/** Typed access to the small JSON documents of the settings table (seeded, editable in SQL). */
import type { ResponseOf } from '@kopa/contract';
import type { Db } from '../db';
import { prepared } from '../db/prepared';

export interface ContactSettings {
  email: string;
  smWa: string;
  telephone: string;
}
export interface Wallet {
  name: string;
  type: string;
}
export interface UnionErrorSettings {
  noticeMessage: string;
  errMessage: string;
}
export interface PayNoticeItem {
  name: string;
  steps: string[];
}

export interface SettingsShape {
  contact: ContactSettings;
  wallets: Wallet[];
  unionError: UnionErrorSettings;
  payNotice: Record<string, PayNoticeItem[]>;
}

export async function getSetting<K extends keyof SettingsShape>(
  db: Db,
  key: K,
): Promise<SettingsShape[K]> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) throw new Error(`setting ${key} missing (seed not run?)`);
  return row.value as SettingsShape[K];
}

/** Several settings in one query (a read path that needs two reads them at once). */
export async function getSettings<K extends keyof SettingsShape>(
  db: Db,
  keys: readonly K[],
): Promise<Pick<SettingsShape, K>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .execute();
  const out = {} as Pick<SettingsShape, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`setting ${key} missing (seed not run?)`);
    out[key] = row.value as SettingsShape[K];
  }
  return out;
}

/** A registration page template (key `template:<id>`), stored in the shape channel-template answers. */
export async function getTemplate(
  db: Db,
  id: string,
): Promise<ResponseOf<'channelTemplate'> | null> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', `template:${id}`)
    .executeTakeFirst();
  return row ? (row.value as ResponseOf<'channelTemplate'>) : null;
}

/** The borrower's latest card or wallet, as the bankCardInfo blocks show it. */
const latestCardQuery = prepared((db: Db, userId: string) =>
  db
    .selectFrom('cards')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1),
);

export async function latestCard(
  db: Db,
  userId: string,
): Promise<{ bankName: string; bankNode: string; cardNo: string; bankCode: string }> {
  const [c] = await latestCardQuery(db, userId);
  return c
    ? { bankName: c.bank_name, bankNode: c.bank_node, cardNo: c.card_no, bankCode: c.bank_code }
    : { bankName: '', bankNode: '', cardNo: '', bankCode: '' };
}
