/**
 * Named operator accounts: each with a role, `editor` (edits drafts, asks for
 * approval) or `publisher` (also publishes, rolls back and approves another operator's draft of a
 * money screen). Created by `npm run studio:user` (scripts/studio-user.ts); passwords are scrypt
 * hashes with a salt of their own. The account STUDIO_USER names keeps its password in the
 * environment (STUDIO_PASSWORD, or the demo one), and the demo setup adds a second publisher so
 * the two-person publish can be tried (README, "Operators: the studio").
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Db } from '../../db';
import { DEMO_REVIEWER, DEMO_REVIEWER_PASSWORD, sameSecret, type StudioCredentials } from './auth';

export type OperatorRole = 'editor' | 'publisher';
export const ROLES: readonly OperatorRole[] = ['editor', 'publisher'];
const OPERATOR_NAME = /^[a-z][a-z0-9._-]{1,31}$/;

/** Marks an account whose password is in the environment, not in the table. */
const ENV_HASH = '!env';
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keylen, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
  });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt64, key64] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt64 || !key64) return false;
  const expected = Buffer.from(key64, 'base64url');
  const key = await scrypt(password, Buffer.from(salt64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** A hash that matches nothing, checked when the name is unknown: the answer takes as long either way. */
let decoy: Promise<string> | null = null;

interface EnvAccount {
  name: string;
  password: string;
  role: OperatorRole;
}

/** The accounts the environment defines: STUDIO_USER, and in the demo setup the reviewer too. */
export function envAccounts(creds: StudioCredentials | null): EnvAccount[] {
  if (!creds) return [];
  const out: EnvAccount[] = [{ name: creds.user, password: creds.password, role: 'publisher' }];
  if (creds.demo && creds.user !== DEMO_REVIEWER)
    out.push({ name: DEMO_REVIEWER, password: DEMO_REVIEWER_PASSWORD, role: 'publisher' });
  return out;
}

export interface Operator {
  name: string;
  role: OperatorRole;
}

/**
 * The operator these credentials name, or null. An environment account is (re)written as a row
 * at its login: the sessions and the audit refer to it like any other account, and a database
 * reset (tests) loses nothing the environment defines.
 */
export async function authenticate(
  db: Db,
  env: EnvAccount[],
  name: string,
  password: string,
): Promise<Operator | null> {
  // Every environment account compared, both fields, always: the time says nothing about which was wrong.
  let fromEnv: EnvAccount | undefined;
  for (const a of env)
    if ([sameSecret(name, a.name), sameSecret(password, a.password)].every(Boolean)) fromEnv = a;
  if (fromEnv) {
    await db
      .insertInto('studio_operators')
      .values({ name: fromEnv.name, role: fromEnv.role, password_hash: ENV_HASH })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ role: fromEnv.role, password_hash: ENV_HASH, disabled_at: null }),
      )
      .execute();
    return { name: fromEnv.name, role: fromEnv.role };
  }
  const row = await db
    .selectFrom('studio_operators')
    .select(['name', 'role', 'password_hash', 'disabled_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row || row.password_hash === ENV_HASH || row.disabled_at !== null) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await passwordMatches(password, await decoy);
    return null;
  }
  return (await passwordMatches(password, row.password_hash))
    ? { name: row.name, role: row.role }
    : null;
}

/** Creates an account, or sets a new password and role for an existing one. */
export async function saveOperator(
  db: Db,
  name: string,
  role: OperatorRole,
  password: string,
): Promise<'added' | 'updated'> {
  if (!OPERATOR_NAME.test(name))
    throw new Error(`operator name "${name}": 2-32 characters, a-z first, then a-z 0-9 . _ -`);
  if (password.length < 12) throw new Error('password: at least 12 characters');
  const hash = await hashPassword(password);
  const existing = await db
    .selectFrom('studio_operators')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  await db
    .insertInto('studio_operators')
    .values({ name, role, password_hash: hash })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ role, password_hash: hash, disabled_at: null }),
    )
    .execute();
  // A new password ends the account's open sessions.
  if (existing)
    await db
      .updateTable('studio_sessions')
      .set({ revoked_at: new Date() })
      .where('operator', '=', name)
      .where('revoked_at', 'is', null)
      .execute();
  return existing ? 'updated' : 'added';
}

/** Turns an account off and ends its sessions at once. */
export async function disableOperator(db: Db, name: string): Promise<boolean> {
  const res = await db
    .updateTable('studio_operators')
    .set({ disabled_at: new Date() })
    .where('name', '=', name)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('studio_sessions')
    .set({ revoked_at: new Date() })
    .where('operator', '=', name)
    .where('revoked_at', 'is', null)
    .execute();
  return Number(res.numUpdatedRows) > 0;
}

export async function listOperators(db: Db) {
  return db
    .selectFrom('studio_operators')
    .select(['name', 'role', 'created_at', 'disabled_at'])
    .orderBy('name')
    .execute();
}
