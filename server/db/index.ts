/**
 * Opens the database: PGlite under <dataDir>/pglite by default, or PostgreSQL when a
 * postgres:// URL is given. Both run the same migrations and the same Kysely queries, and both
 * time every query into kopa_db_query_duration_seconds (server/metrics/registry.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pgliteDialect';
import { holdDataDir } from './dataDirLock';
import { observeQuery } from '../metrics/registry';
import type { Database } from './types';
import * as m001 from './migrations/001_init';
import * as m002 from './migrations/002_money';
import * as m003 from './migrations/003_trust';
import * as m004 from './migrations/004_layouts';
import * as m005 from './migrations/005_read_indexes';
import * as m006 from './migrations/006_studio_operators';
import * as m007 from './migrations/007_rate_limits';
import * as m008 from './migrations/008_approvals_by_effect';

export type Db = Kysely<Database>;

// Static imports (not a directory scan) so the same list works under tsx, vitest and bundlers.
const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_money': m002,
  '003_trust': m003,
  '004_layouts': m004,
  '005_read_indexes': m005,
  '006_studio_operators': m006,
  '007_rate_limits': m007,
  '008_approvals_by_effect': m008,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

const INT8 = 20;
const NUMERIC = 1700;

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: schema to use (created if missing); lets tests isolate runs on one database. */
  pgSchema?: string;
}

export async function openDb(opts: OpenDbOptions): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) {
    const schema = opts.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
      throw new Error(`invalid schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      // Amounts are bigint columns below 2^53: numbers, not strings, as on PGlite.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    if (schema) {
      const c = await pool.connect();
      try {
        await c.query(`create schema if not exists ${schema}`);
      } finally {
        c.release();
      }
    }
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: observeQuery });
  } else {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // One process at a time (dataDirLock.ts): refused here, before PGlite reads a byte.
    const release = holdDataDir(opts.dataDir);
    let client: PGlite;
    try {
      client = await PGlite.create(dir, {
        parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
      });
    } catch (e) {
      release();
      throw e;
    }
    db = new Kysely<Database>({ dialect: new PGliteDialect(client, release), log: observeQuery });
  }
  // PostgreSQL: name the schema of Kysely's bookkeeping tables, or the migrator may find another
  // schema's kysely_migration table (other test runs) and skip creating its own.
  await migrate(db, opts.databaseUrl ? (opts.pgSchema ?? 'public') : undefined);
  return db;
}

async function migrate(db: Db, migrationTableSchema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? [])
    if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
