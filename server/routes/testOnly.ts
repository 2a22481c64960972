/** Routes that exist only when NODE_ENV=test: tests read "sent" SMS codes and captcha texts, and add borrowers. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context';
import { badRequest, notFound } from '../core/errors';
import { randomId } from '../domain/tokens';
import { sql } from 'kysely';
import { seed } from '../demo/seed';

export function registerTestOnly(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { phone?: string } }>('/__test/sms-codes', async (req) => {
    const entry = ctx.sms.latest(String(req.query.phone ?? ''));
    if (!entry) throw notFound('No code sent to this phone.');
    return {
      code: 0,
      message: 'success',
      data: {
        phone: entry.phone,
        purpose: entry.purpose,
        code: entry.code,
        at: entry.at.toISOString(),
      },
    };
  });
  // A fresh borrower with one live session, for flows that end every session (account deletion).
  app.post<{ Body: { phone?: string } }>('/__test/users', async (req) => {
    const phone = String(req.body?.phone ?? '');
    if (!/^[0-9]{9,15}$/.test(phone)) throw badRequest('phone: 9 to 15 digits');
    const userId = randomId('U', 8);
    const sessionId = randomId('test-session-', 12);
    await ctx.db
      .insertInto('users')
      .values({ id: userId, phone, name: 'Test Borrower', deleted_at: null })
      .execute();
    await ctx.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: userId, revoked_at: null })
      .execute();
    return { code: 0, message: 'success', data: { userId, sessionId, phone } };
  });
  // Back to the demo data: every table emptied and seeded again, so each browser test file starts
  // from the same state whatever the files before it repaid, deleted or saved.
  app.post('/__test/reset', async () => {
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(
      ctx.db,
    );
    const list = tables.rows.map((t) => sql.id(t.name));
    if (list.length > 0)
      await sql`truncate table ${sql.join(list)} restart identity cascade`.execute(ctx.db);
    await seed(ctx.db);
    // The layouts too: published again from the repository's files, the studio's versions gone.
    await app.kopaLayouts.reseed();
    // The running server keeps its token key (ctx.secret); store it again so a restart keeps it too.
    await ctx.db
      .insertInto('settings')
      .values({ key: 'secret', value: JSON.stringify(ctx.secret) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return { code: 0, message: 'success', data: { tables: tables.rows.length } };
  });
  // `npm run layouts:import [--force]` in this server's process (PGlite is one process's): its lines and exit status.
  app.post<{ Body: { force?: boolean } }>('/__test/layouts-import', async (req) => {
    const report = await app.kopaLayouts.importAll('import (test)', req.body?.force === true);
    return {
      code: 0,
      message: 'success',
      data: { lines: report.lines, exitCode: report.failed ? 1 : 0 },
    };
  });
  app.get<{ Querystring: { sid?: string } }>('/__test/captcha', async (req) => {
    const row = await ctx.db
      .selectFrom('captchas')
      .select('text')
      .where('sid', '=', String(req.query.sid ?? ''))
      .executeTakeFirst();
    if (!row) throw notFound('No such captcha.');
    return { code: 0, message: 'success', data: { text: row.text } };
  });
}
