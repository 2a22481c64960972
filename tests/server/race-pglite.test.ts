/**
 * PGlite has one connection. Kysely transactions on it are real only if the dialect lends that
 * connection to one user at a time (server/db/pgliteDialect.ts): otherwise the queries of two
 * transactions, or a plain query, interleave inside one BEGIN ... COMMIT. PostgreSQL has a pool
 * of real connections, so these checks are PGlite's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

let s: TestServer;
const onPglite = !process.env.DATABASE_URL;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const paid = async () =>
  (
    await s.db
      .selectFrom('orders')
      .select('paid_amount')
      .where('id', '=', 'O170')
      .executeTakeFirstOrThrow()
  ).paid_amount;

describe.skipIf(!onPglite)('PGlite dialect: one transaction at a time', () => {
  it('two read-modify-write transactions without row locks do not lose an update', async () => {
    const start = await paid();
    const bump = () =>
      s.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('orders')
          .select('paid_amount')
          .where('id', '=', 'O170')
          .executeTakeFirstOrThrow();
        await sleep(20); // the other transaction would run its read here if they could interleave
        await trx
          .updateTable('orders')
          .set({ paid_amount: row.paid_amount + 1 })
          .where('id', '=', 'O170')
          .execute();
      });
    await Promise.all([bump(), bump(), bump()]);
    expect(await paid()).toBe(start + 3);
  });

  it("a plain query never sees another transaction's uncommitted write", async () => {
    const start = await paid();
    const tx = s.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ paid_amount: 999_999_999 })
          .where('id', '=', 'O170')
          .execute();
        await sleep(30);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sleep(5);
    const seen = await paid();
    await tx;
    expect(seen).toBe(start);
    expect(await paid()).toBe(start);
  });

  it('a failed transaction releases the connection (later queries run)', async () => {
    await s.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .selectFrom('nope' as 'orders')
          .selectAll()
          .execute();
      })
      .catch(() => undefined);
    expect(typeof (await paid())).toBe('number');
  });
});
