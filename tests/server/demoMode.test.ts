/**
 * Demo data only in demo mode: a start outside it (every production start) seeds nothing, opens
 * or renews no session and revokes the demo sessions it finds, in one log line; even in demo mode
 * the seed never touches a borrower 10001 that is not its own. On both databases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { BuildOptions } from '../../server/app';
import type { Db } from '../../server/db';
import { PRODUCTS, SETTINGS } from '../../server/demo/seedData';
import { demoModeFrom, DemoRefused } from '../../server/demo/mode';
import { startServer, USER, type TestServer } from './helpers';

/** Restarts over a filled database take tens of seconds on a busy two-core machine: the limit only ends a hang. */
const SLOW_MS = 120_000;

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A restart of the same storage under NODE_ENV=production, its log lines collected. */
async function productionRestart(
  s: TestServer,
  extra: Partial<BuildOptions> = {},
): Promise<{ server: TestServer; log: Array<{ msg: string }> }> {
  await s.close({ keepData: true });
  const log: Array<{ msg: string }> = [];
  const stream = { write: (line: string) => void log.push(JSON.parse(line) as { msg: string }) };
  process.env.NODE_ENV = 'production';
  try {
    const server = await s.restart({ demo: false, logger: { level: 'warn', stream }, ...extra });
    servers.push(server);
    return { server, log };
  } finally {
    process.env.NODE_ENV = 'test';
  }
}

/** A borrower API call with the borrower's session; answers status and envelope. */
async function loanDetails(s: TestServer, userId: string, sessionId: string) {
  const res = await s.inject({
    method: 'GET',
    url: `/vexed/v3/loan-details/loan-details?userId=${userId}&sessionId=${sessionId}&orderId=R1`,
  });
  return { status: res.statusCode, body: res.json() as { code: string; data?: unknown } };
}

/** A real borrower 10001 with a session, a card, an order and its plan, on a database without demo data. */
async function realBorrower(db: Db): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: '10001', phone: '0755000111', name: 'Real Borrower', deleted_at: null })
    .execute();
  await db.insertInto('sessions').values({ id: 'real-session', user_id: '10001' }).execute();
  await db
    .insertInto('products')
    .values({ ...PRODUCTS[0]!, name: 'Real product' })
    .execute();
  await db
    .insertInto('cards')
    .values({
      id: 'CARD1',
      user_id: '10001',
      bank_name: 'Real Bank',
      bank_node: 'Mwanza',
      card_no: '0150999999999',
      bank_code: 'CRDB',
      sms_required: 1,
    })
    .execute();
  await db
    .insertInto('orders')
    .values({
      id: 'R1',
      user_id: '10001',
      product_id: PRODUCTS[0]!.id,
      status: 170,
      is_delay: 0,
      amount: 3_000_000,
      paid_amount: 0,
      delay_fee: 0,
      periods: 1,
      term_unit: 1,
      pay_mode: 'PAY_URL',
      code_type: 1,
      pay_code: 'REAL1',
      is_score: 0,
      card_need_pop: 0,
    })
    .execute();
  await db
    .insertInto('installments')
    .values({ order_id: 'R1', period_no: 1, total_amount: 3_000_000, due_time: new Date() })
    .execute();
}

/** Every row of the borrower: tables with a user_id, tables with an order_id of theirs, and users. */
async function borrowerRows(db: Db, userId: string): Promise<Record<string, string[]>> {
  const tablesWith = async (column: string) =>
    (
      await sql<{ table_name: string }>`select table_name from information_schema.columns
        where column_name = ${column} and table_schema = current_schema() order by table_name`.execute(
        db,
      )
    ).rows.map((r) => r.table_name);
  const orders = (
    await db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()
  ).map((o) => o.id);
  const out: Record<string, string[]> = {};
  const keep = (table: string, rows: unknown[]) => {
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  };
  keep('users', (await sql`select * from users where id = ${userId}`.execute(db)).rows);
  for (const t of await tablesWith('user_id'))
    keep(t, (await sql`select * from ${sql.table(t)} where user_id = ${userId}`.execute(db)).rows);
  for (const t of await tablesWith('order_id'))
    for (const id of orders)
      keep(
        `${t}:${id}`,
        (await sql`select * from ${sql.table(t)} where order_id = ${id}`.execute(db)).rows,
      );
  return out;
}

describe('a real borrower 10001 is never touched', () => {
  it(
    'production start: rows as they were, and the demo session opens nothing',
    async () => {
      const s = await startServer({ demo: false }, { empty: true });
      await realBorrower(s.db);
      expect((await loanDetails(s, '10001', 'real-session')).status).toBe(200);
      const before = await borrowerRows(s.db, '10001');
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining(['users', 'sessions', 'cards', 'orders', 'installments:R1']),
      );
      expect(before.sessions).toHaveLength(1);

      // The service's own settings: a changed one is kept, a missing one gets its reference value.
      await s.db
        .updateTable('settings')
        .set({ value: JSON.stringify({ email: 'help@lender.example', smWa: '', telephone: '1' }) })
        .where('key', '=', 'contact')
        .execute();
      await s.db.deleteFrom('settings').where('key', '=', 'wallets').execute();

      const { server, log } = await productionRestart(s);
      expect(await borrowerRows(server.db, '10001')).toEqual(before);
      const settings = await server.db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', ['contact', 'wallets'])
        .orderBy('key')
        .execute();
      expect(settings).toEqual([
        { key: 'contact', value: { email: 'help@lender.example', smWa: '', telephone: '1' } },
        { key: 'wallets', value: SETTINGS.wallets },
      ]);
      // Read at the next request: a borrower screen shows the service's own contact.
      const kf = await server.inject({
        method: 'POST',
        url: '/vexed/v3/personal-center/contact-kf-info',
        payload: { overall: 30 },
      });
      expect(kf.json()).toMatchObject({ data: { email: 'help@lender.example' } });
      const demo = await loanDetails(server, USER.userId, USER.sessionId);
      expect(demo.status).toBe(401);
      expect(demo.body).toMatchObject({ code: '401', data: { reason: 'unknown' } });
      // Nothing of the demo was written: no demo borrower, no session of any kind added.
      expect(await server.db.selectFrom('users').select('id').execute()).toEqual([{ id: '10001' }]);
      expect(log.filter((l) => /demo/i.test(l.msg))).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'demo mode asked for on that database: nothing seeded, one warning, no demo session',
    async () => {
      const s = await startServer({ demo: false }, { empty: true });
      await realBorrower(s.db);
      const before = await borrowerRows(s.db, '10001');
      await s.close({ keepData: true });
      const log: Array<{ msg: string }> = [];
      const stream = {
        write: (line: string) => void log.push(JSON.parse(line) as { msg: string }),
      };
      const demo = await s.restart({ demo: true, logger: { level: 'warn', stream } });
      servers.push(demo);
      expect(demo.app.kopaDemo).toBe(false);
      expect(await borrowerRows(demo.db, '10001')).toEqual(before);
      expect((await loanDetails(demo, USER.userId, USER.sessionId)).status).toBe(401);
      expect(await demo.db.selectFrom('sessions').select('id').execute()).toEqual([
        { id: 'real-session' },
      ]);
      expect(log.map((l) => l.msg)).toEqual([
        "Demo data not seeded: borrower(s) 10001 already exist and are not the demo's; no demo session was opened.",
      ]);
    },
    SLOW_MS,
  );
});

describe('demo sessions in a database started outside demo mode', () => {
  it('are revoked, said in one log line, and open nothing; demo mode opens them again', async () => {
    const s = await startServer();
    const first = await loanDetails(s, USER.userId, USER.sessionId);
    expect(first.body.code).not.toBe('401');

    const { server, log } = await productionRestart(s);
    expect(server.app.kopaDemo).toBe(false);
    expect(log.map((l) => l.msg)).toEqual([
      'Demo sessions revoked (not in demo mode): demo-session, demo-session-2, demo-session-noloan no longer open anything.',
    ]);
    for (const [userId, sessionId] of [
      ['10001', 'demo-session'],
      ['10002', 'demo-session-2'],
      ['10004', 'demo-session-noloan'],
    ] as const) {
      const res = await loanDetails(server, userId, sessionId);
      expect(res.status, sessionId).toBe(401);
      expect(res.body).toMatchObject({ code: '401', data: { reason: 'unknown' } });
    }

    // A second production start finds nothing left to revoke: no line.
    const again = await productionRestart(server);
    expect(again.log).toEqual([]);

    // The demo (npm start) on the same data: its sessions work again.
    await again.server.close({ keepData: true });
    const demo = await again.server.restart({ demo: true, logger: false });
    servers.push(demo);
    expect(demo.app.kopaDemo).toBe(true);
    expect((await loanDetails(demo, USER.userId, USER.sessionId)).body.code).not.toBe('401');
  });
});

describe('who asks for demo mode (server/demo/mode.ts)', () => {
  it('npm start and npm run dev pass --demo; npm run serve does not', () => {
    const { scripts } = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/npm run -s serve -- --demo$/);
    expect(scripts.dev).toMatch(/tsx server\/main\.ts --dev --demo$/);
    expect(scripts.serve).not.toMatch(/--demo|KOPA_DEMO/);
  });

  it.each([
    [[], {}, false],
    [['--demo'], {}, true],
    [[], { KOPA_DEMO: '1' }, true],
    [[], { KOPA_DEMO: 'yes' }, false],
    [['--demo'], { DATABASE_URL: 'postgres://db/x' }, false],
    [[], { DATABASE_URL: 'postgres://db/x', KOPA_DEMO: '1' }, true],
  ])('argv %j env %j -> demo %s', (argv, env, demo) => {
    expect(demoModeFrom(argv, env).demo).toBe(demo);
  });

  it('is refused under NODE_ENV=production, by flag or by variable', () => {
    expect(() => demoModeFrom(['--demo'], { NODE_ENV: 'production' })).toThrow(DemoRefused);
    expect(() => demoModeFrom([], { NODE_ENV: 'production', KOPA_DEMO: '1' })).toThrow(
      /refused under NODE_ENV=production/,
    );
  });

  it('says why the flag alone does not seed a DATABASE_URL', () => {
    expect(demoModeFrom(['--demo'], { DATABASE_URL: 'postgres://db/x' }).note).toMatch(
      /KOPA_DEMO=1/,
    );
  });
});
