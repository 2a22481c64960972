/** Routes that exist only when NODE_ENV=test: tests read "sent" SMS codes and captcha texts. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { notFound } from '../errors';

export function registerTestOnly(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { phone?: string } }>('/__test/sms-codes', async (req) => {
    const entry = ctx.sms.latest(String(req.query.phone ?? ''));
    if (!entry) throw notFound('No code sent to this phone.');
    return { code: 0, message: 'success', data: { phone: entry.phone, purpose: entry.purpose, code: entry.code, at: entry.at.toISOString() } };
  });
  app.get<{ Querystring: { sid?: string } }>('/__test/captcha', async (req) => {
    const row = await ctx.db.selectFrom('captchas').select('text').where('sid', '=', String(req.query.sid ?? '')).executeTakeFirst();
    if (!row) throw notFound('No such captcha.');
    return { code: 0, message: 'success', data: { text: row.text } };
  });
}
