/**
 * The bare handlers the server bench compares against: plain Fastify routes that run the same SQL
 * statements as ours (raw text through the same driver and pool, no query builder) and send the
 * same JSON (the same pure answer builders), without anything of ours around them: no wire-name
 * mapping, no request or response schema checks, no rate limit, no security headers, no hooks.
 * A floor for each endpoint, measured in the same run on the same database.
 */
import { Readable } from 'node:stream';
import { constants, createBrotliCompress } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../../server/db';
import type { Order, Product } from '../../../server/db/types';
import { installmentPlanAnswer } from '../../../server/domain/planAnswer';
import { loanDetailsAnswer } from '../../../server/domain/loanDetailsAnswer';
import { REPAYABLE, outstanding, type InstallmentRow } from '../../../server/domain/orders';
import { randomId, repayToken, sameToken } from '../../../server/domain/tokens';

const LABEL = 'TZS';

async function rows<R>(db: Db, text: string, params: unknown[]): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, params))).rows;
}
async function one<R>(db: Db, text: string, params: unknown[]): Promise<R | undefined> {
  return (await rows<R>(db, text, params))[0];
}

const SQL = {
  session:
    'select "users"."id" as "user_id", "users"."phone" as "phone", "sessions"."created_at", "sessions"."last_seen_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = $1 and "sessions"."user_id" = $2 and "sessions"."revoked_at" is null and "users"."deleted_at" is null',
  order: 'select * from "orders" where "id" = $1',
  orderWithProduct:
    'select "orders".*, "products"."name" as "product_name", "products"."logo" as "product_logo" from "orders" inner join "products" on "products"."id" = "orders"."product_id" where "orders"."id" = $1',
  installments:
    'select "period_no", "total_amount", "due_time", "paid_at" from "installments" where "order_id" = $1 order by "period_no"',
  latestCard: 'select * from "cards" where "user_id" = $1 order by "created_at" desc limit $2',
  setting: 'select "value" from "settings" where "key" = $1',
  settings: 'select "key", "value" from "settings" where "key" in ($1, $2)',
  others: 'select * from "products" where "id" != $1 order by "sort"',
  replay: 'select * from "repayments" where "user_id" = $1 and "idempotency_key" = $2',
  card: 'select "id", "sms_required" from "cards" where "id" = $1 and "user_id" = $2',
  lock: 'select * from "orders" where "id" = $1 for update',
  expire:
    'update "repayments" set "status" = $1 where "order_id" = $2 and "status" = $3 and "expires_at" <= $4',
  pending: 'select "id" from "repayments" where "order_id" = $1 and "status" = $2',
  insert:
    'insert into "repayments" ("id", "user_id", "order_id", "idempotency_key", "amount", "card_id", "status", "need_valid", "created_at", "confirmed_at", "expires_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing returning "id"',
  pay: 'update "orders" set "paid_amount" = "paid_amount" + $1 where "id" = $2 returning *',
};

interface Q {
  userId?: string;
  sessionId?: string;
  orderId?: string;
}

type OrderRow = Order & { product_name: string; product_logo: string };

/** The session and order checks of ours, as bare as they come (a 401/404 a bench never sees). */
async function userAndOrder(
  db: Db,
  q: Q,
  orderId: string | undefined,
  reply: FastifyReply,
  withProduct = false,
): Promise<{ userId: string; order: OrderRow } | null> {
  const s = await one<{ user_id: string }>(db, SQL.session, [q.sessionId, q.userId]);
  if (!s) {
    await reply.code(401).send({ code: '401', message: 'session' });
    return null;
  }
  const order = await one<OrderRow>(db, withProduct ? SQL.orderWithProduct : SQL.order, [orderId]);
  if (!order || order.user_id !== s.user_id) {
    await reply.code(404).send({ code: '404', message: 'order' });
    return null;
  }
  return { userId: s.user_id, order };
}

export interface BareOptions {
  db: Db;
  secret: string;
  apiPrefix: string;
  paths: { plan: string; details: string; commit: string };
  pages: Map<string, Buffer>;
  layout: { body: Buffer; etag: string };
}

/** Brotli at the same quality as ours (server/apiCompression.ts), streamed the same way. */
function sendBrotli(reply: FastifyReply, answer: unknown): FastifyReply {
  const text = Buffer.from(JSON.stringify(answer));
  reply.type('application/json; charset=utf-8').header('content-encoding', 'br');
  return reply.send(
    Readable.from([text]).pipe(
      createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    ),
  );
}

/** The installment plan: the order, its rows, the latest card and the contact settings. */
function planRoute(db: Db) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const body = req.body as { orderId: string };
    const uo = await userAndOrder(db, req.query as Q, body.orderId, reply, true);
    if (!uo) return reply;
    const plan = await rows<InstallmentRow>(db, SQL.installments, [uo.order.id]);
    const c = await one<{ bank_name: string; bank_node: string; card_no: string }>(
      db,
      SQL.latestCard,
      [uo.userId, 1],
    );
    const settings = await rows<{ key: string; value: never }>(db, SQL.settings, [
      'contact',
      'wallets',
    ]);
    const contact = settings.find((r) => r.key === 'contact')!.value;
    const wallets = settings.find((r) => r.key === 'wallets')!.value;
    const card = {
      bankName: c?.bank_name ?? '',
      bankNode: c?.bank_node ?? '',
      cardNo: c?.card_no ?? '',
    };
    const answer = {
      code: 0,
      message: 'success',
      data: installmentPlanAnswer({
        order: uo.order,
        productName: uo.order.product_name,
        rows: plan,
        card,
        contact,
        wallets,
        now: new Date(),
        label: LABEL,
      }),
    };
    if (!String(req.headers['accept-encoding'] ?? '').includes('br')) return answer;
    return sendBrotli(reply, answer);
  };
}

/** The loan details: the order, its product, its rows and the other products. */
function detailsRoute(db: Db) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as Q;
    const uo = await userAndOrder(db, q, q.orderId, reply, true);
    if (!uo) return reply;
    const { product_name: name, product_logo: logo, ...order } = uo.order;
    const product = { id: order.product_id, name, logo };
    const plan = await rows<InstallmentRow>(db, SQL.installments, [uo.order.id]);
    const contact = (await one<{ value: never }>(db, SQL.setting, ['contact']))!.value;
    const others = await rows<Product>(db, SQL.others, [product.id]);
    return {
      code: 0,
      message: 'success',
      data: loanDetailsAnswer({
        order,
        product,
        rows: plan,
        contact,
        others,
        now: new Date(),
        label: LABEL,
      }),
    };
  };
}

/** The repayment's transaction: the same locks, reads and writes as ours; returns its record id. */
async function recordRepayment(
  db: Db,
  r: { userId: string; orderId: Order['id']; key: string; amount: number; cardId: string },
): Promise<string> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const locked = (await one<Order>(trx, SQL.lock, [r.orderId]))!;
    await one(trx, SQL.replay, [r.userId, r.key]);
    await rows(trx, SQL.expire, ['expired', r.orderId, 'pending', now]);
    if (
      !REPAYABLE.has(locked.status) ||
      r.amount > outstanding(locked, await rows<InstallmentRow>(trx, SQL.installments, [locked.id]))
    )
      throw new Error('not repayable');
    await one(trx, SQL.pending, [locked.id, 'pending']);
    const rid = randomId('R');
    await one(trx, SQL.insert, [
      rid,
      r.userId,
      locked.id,
      r.key,
      r.amount,
      r.cardId,
      'success',
      0,
      now,
      now,
      null,
    ]);
    await one(trx, SQL.pay, [r.amount, locked.id]);
    await rows(trx, SQL.installments, [locked.id]);
    return rid;
  });
}

/** The repayment: replay and token checks, then the transaction. */
function commitRoute(db: Db, secret: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const b = req.body as { orderId: string; amount: string; cardId: string; repayToken: string };
    const key = String(req.headers['idempotency-key']);
    const amount = Number(b.amount);
    const uo = await userAndOrder(db, req.query as Q, b.orderId, reply);
    if (!uo) return reply;
    const prev = await one(db, SQL.replay, [uo.userId, key]);
    if (prev) return reply.code(400).send({ code: '400', message: 'replay' });
    await one(db, SQL.card, [b.cardId, uo.userId]);
    if (!sameToken(b.repayToken, repayToken(secret, uo.userId, uo.order.id)))
      return reply.code(400).send({ code: '400', message: 'token' });
    await one(db, SQL.setting, ['repaySms']);
    const id = await recordRepayment(db, {
      userId: uo.userId,
      orderId: uo.order.id,
      key,
      amount,
      cardId: b.cardId,
    });
    return { code: '00', message: 'success', data: { needValid: 0, repayRecordId: id } };
  };
}

export function bareServer(o: BareOptions): FastifyInstance {
  const { db } = o;
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(o.apiPrefix + o.paths.plan, planRoute(db));
  app.get(o.apiPrefix + o.paths.details, detailsRoute(db));
  app.post(o.apiPrefix + o.paths.commit, commitRoute(db, o.secret));
  app.get('/layouts/:file', async (_req, reply) =>
    reply.header('ETag', o.layout.etag).type('application/json; charset=utf-8').send(o.layout.body),
  );
  // The page: the same HTML bytes ours sent for the fixed query, from memory (a floor, not a twin).
  app.get('/repay', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(o.pages.get('/repay')),
  );
  return app;
}
