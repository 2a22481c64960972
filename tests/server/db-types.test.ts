/**
 * server/db/types.ts is written by hand beside the migrations; this test keeps the two as one
 * source of truth. It migrates a fresh database (PGlite, or PostgreSQL with DATABASE_URL), reads
 * the real columns from information_schema and compares them with the Kysely `Database`
 * interface, read with the TypeScript checker (so aliases like Timestamp, Generated<> and
 * ColumnType<> are followed to their select type): same tables, columns, type family, nullability.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db';

const TYPES_FILE = join(import.meta.dirname, '../../server/db/types.ts');

/** SQL data_type -> the TS type family Kysely hands back (int8/numeric are parsed to number). */
const SQL_FAMILY: Record<string, string> = {
  text: 'string',
  'character varying': 'string',
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  numeric: 'number',
  'double precision': 'number',
  real: 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  date: 'Date',
  jsonb: 'json',
  json: 'json',
};

/** "table.column: family null|not null", sorted, from the database. */
async function columnsInDatabase(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
  }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely_migration%'`.execute(db);
  return rows
    .map(
      (r) =>
        `${r.table_name}.${r.column_name}: ${SQL_FAMILY[r.data_type] ?? `unmapped SQL type ${r.data_type}`} ${r.is_nullable === 'YES' ? 'null' : 'not null'}`,
    )
    .sort();
}

/** The same lines from the `Database` interface of server/db/types.ts. */
function columnsInTypes(): string[] {
  const program = ts.createProgram([TYPES_FILE], {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES_FILE);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const database =
    moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'Database');
  if (!database) throw new Error('server/db/types.ts exports no Database interface');

  // ColumnType<S, I, U> (and Generated<S>) is { __select__: S, ... }: what a query reads is S.
  // `Timestamp | null` is a union of such an object and null, so expand each member.
  const partsOf = (t: ts.Type): ts.Type[] =>
    (t.isUnion() ? t.types : [t]).flatMap((p) => {
      const select = p.getProperty('__select__');
      return select ? partsOf(checker.getTypeOfSymbol(select)) : [p];
    });
  const family = (t: ts.Type): string => {
    if (t.flags & ts.TypeFlags.StringLike) return 'string';
    if (t.flags & ts.TypeFlags.NumberLike) return 'number';
    if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean';
    if (t.getSymbol()?.name === 'Date') return 'Date';
    return 'json';
  };
  const describe = (t: ts.Type): string => {
    const parts = partsOf(t);
    const nullable = parts.some((p) => p.flags & ts.TypeFlags.Null);
    const families = [
      ...new Set(
        parts.filter((p) => !(p.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map(family),
      ),
    ];
    return `${families.join('|')} ${nullable ? 'null' : 'not null'}`;
  };

  const lines: string[] = [];
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      lines.push(`${table.name}.${column.name}: ${describe(checker.getTypeOfSymbol(column))}`);
    }
  }
  return lines.sort();
}

describe('server/db/types.ts matches the migrated database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kopa-dbtypes-'));
  const pgSchema = process.env.DATABASE_URL
    ? `t_dbtypes_${randomBytes(4).toString('hex')}`
    : undefined;
  let db: Db | undefined;

  afterAll(async () => {
    if (db && pgSchema) await sql`drop schema if exists ${sql.raw(pgSchema)} cascade`.execute(db);
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has the same tables, columns, types and nullability', async () => {
    db = await openDb({
      dataDir,
      ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
      ...(pgSchema ? { pgSchema } : {}),
    });
    const actual = await columnsInDatabase(db);
    expect(actual.length).toBeGreaterThan(100);
    expect(columnsInTypes()).toEqual(actual);
  });
});
