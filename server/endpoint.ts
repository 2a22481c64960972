/**
 * Registers one catalogue endpoint: wire-name translation, session query check, request
 * validation against schemas/api, optional session, then the envelope with the catalogue's
 * success code. Handlers only see validated logical data.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeErrors } from './catalogue';
import type { ServerContext } from './context';
import { badRequest, BusinessError } from './errors';
import { checkNumeralText, checkValues, type ObjectSchema } from './lib/inputGuard';
import { requireUser, type SessionUser } from './session';

/** Common session parameters (contract section 2), already translated to logical names. */
export type SessionQuery = Partial<Record<string, string>>;

export interface Call<B, U extends SessionUser | null> {
  body: B;
  query: SessionQuery;
  user: U;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<B, U extends SessionUser | null> = (call: Call<B, U>) => Promise<unknown>;

interface Options {
  /** Also answer GET (union-error-info is GET or POST). */
  alsoGet?: boolean;
  /** Skip body validation (multipart handles its own). */
  rawBody?: boolean;
}

const MESSAGE = Symbol('envelope message');

/** Attach the envelope message for a success (e.g. submit-utr, whose message the app toasts). */
export function withMessage<T extends object>(data: T, message: string): T {
  Object.defineProperty(data, MESSAGE, { value: message, enumerable: false });
  return data;
}

function messageOf(data: unknown): string {
  const m = typeof data === 'object' && data !== null ? (data as { [MESSAGE]?: unknown })[MESSAGE] : undefined;
  return typeof m === 'string' ? m : 'success';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readQuery(ctx: ServerContext, req: FastifyRequest): SessionQuery {
  const q = ctx.wire.toLogical(req.query ?? {});
  checkValues(q, 'query');
  const check = ctx.validators.json('session-query');
  if (!check(q)) throw badRequest(`query ${describeErrors(check.errors)}`);
  const query = { ...(q as SessionQuery) };
  // productId and product_id are one parameter (contract section 2).
  if (!query.productId && query.product_id) query.productId = query.product_id;
  if (!query.product_id && query.productId) query.product_id = query.productId;
  return query;
}

function readBody(ctx: ServerContext, req: FastifyRequest, schemaName: string, query: SessionQuery, method: string): unknown {
  // JSON bodies keep strict types; form fields and query strings are text, coerced by the schema.
  const isJson = method !== 'GET' && (req.headers['content-type'] ?? '').includes('application/json');
  const validator = isJson ? ctx.validators.json(schemaName) : ctx.validators.coercing(schemaName);
  let body: unknown;
  if (method === 'GET') {
    // GET payloads travel in the query next to the session params: keep the schema's fields only.
    const props = Object.keys((validator.schema as { properties?: Record<string, unknown> }).properties ?? {});
    const picked: Record<string, unknown> = {};
    for (const p of props) if (query[p] !== undefined) picked[p] = query[p];
    body = picked;
  } else {
    body = req.body === undefined || req.body === null ? {} : ctx.wire.toLogical(req.body);
    if (!isPlainObject(body)) throw badRequest('body: must be an object');
    body = { ...body };
  }
  // Before validation: coercion would turn "Infinity" or "0x10" into numbers (lib/inputGuard).
  checkValues(body, '');
  if (!isJson) checkNumeralText(body as Record<string, unknown>, validator.schema as ObjectSchema);
  if (!validator(body)) throw badRequest(describeErrors(validator.errors));
  return body;
}

function registerOne(
  app: FastifyInstance, ctx: ServerContext, key: string, auth: boolean, opts: Options,
  handler: Handler<unknown, SessionUser | null>,
): void {
  const ep = ctx.catalogue[key];
  if (!ep) throw new Error(`endpoint ${key} missing from schemas/api/endpoints.json`);
  const url = `${ctx.cfg.apiPrefix}${ctx.wire.path(key, ep.path)}`;
  const methods: Array<'GET' | 'POST'> = opts.alsoGet ? ['GET', 'POST'] : [ep.method === 'GET' ? 'GET' : 'POST'];
  app.route({
    method: methods,
    url,
    handler: async (req, reply) => {
      const query = readQuery(ctx, req);
      const user = auth ? await requireUser(ctx, query.userId, query.sessionId) : null;
      const body = opts.rawBody ? null : readBody(ctx, req, ep.request, query, req.method);
      const success = ep.success === '00' ? '00' : 0;
      try {
        const data = await handler({ body, query, user, ip: req.ip, req, reply });
        if (reply.sent) return reply;
        if (ctx.testMode) {
          const check = ctx.validators.response(ep.response);
          if (!check(data)) ctx.log.error({ endpoint: key, errors: check.errors }, 'response does not match its schema');
        }
        return { code: success, message: messageOf(data), data: ctx.wire.toWire(data) };
      } catch (err) {
        if (err instanceof BusinessError) return { code: err.code, message: err.message, data: ctx.wire.toWire(err.data) };
        throw err;
      }
    },
  });
}

/** A borrower call: 401 without a live session. */
export function userEndpoint<B>(app: FastifyInstance, ctx: ServerContext, key: string, handler: Handler<B, SessionUser>, opts: Options = {}): void {
  registerOne(app, ctx, key, true, opts, handler as Handler<unknown, SessionUser | null>);
}

/** A public call (promotion, registration, contact info, union error info). */
export function publicEndpoint<B>(app: FastifyInstance, ctx: ServerContext, key: string, handler: Handler<B, null>, opts: Options = {}): void {
  registerOne(app, ctx, key, false, opts, handler as Handler<unknown, SessionUser | null>);
}
