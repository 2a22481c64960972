/**
 * Kysely dialect for PGlite with a mutex around the single connection.
 *
 * Why not kysely-pglite's driver: it shares one connection between concurrent requests without
 * a lock, so BEGIN ... COMMIT of one request interleaves with the queries of another. Here a
 * connection is lent to one user at a time, which makes transactions real.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => {
      release = r;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.client.query<R>(q.sql, [...q.parameters]);
    const kind = q.query.kind;
    const mutates =
      kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode';
    return mutates && res.affectedRows !== undefined
      ? { rows: res.rows, numAffectedRows: BigInt(res.affectedRows) }
      : { rows: res.rows };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  constructor(
    private readonly client: PGlite,
    private readonly onClosed: () => void,
  ) {}
  async init(): Promise<void> {
    await this.client.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    const conn = new PGliteConnection(this.client);
    this.releases.set(conn, release);
    return conn;
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(c: DatabaseConnection): Promise<void> {
    this.releases.get(c)?.();
    this.releases.delete(c);
  }
  async destroy(): Promise<void> {
    try {
      await this.client.close();
    } finally {
      this.onClosed();
    }
  }
}

export class PGliteDialect implements Dialect {
  /** onClosed: after the database is closed (lets go of the data directory: dataDirLock.ts). */
  constructor(
    private readonly client: PGlite,
    private readonly onClosed: () => void = () => undefined,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client, this.onClosed);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
