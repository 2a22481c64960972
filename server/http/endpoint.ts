/**
 * Registers one catalogue endpoint: wire-name translation, session query check, request
 * validation against schemas/api, optional session, then the envelope with the catalogue's
 * success code. Handlers only see validated logical data.
 *
 * Typed by the endpoint contract (src/contract/generated/endpoints.ts, from `npm run gen`): the
 * key must be a catalogue name, the handler receives RequestOf<K> and must return ResponseOf<K>,
 * so a handler that drifts from its schema is a compile error, not a runtime surprise.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointKey, RequestOf, ResponseOf } from '@kopa/contract';
import { describeErrors } from '../core/catalogue';
import type { ServerContext } from './context';
import { ApiError, badRequest, BusinessError } from '../core/errors';
import { checkNumeralText, checkValues, type ObjectSchema } from '../domain/inputGuard';
import { requireUser, type SessionUser } from './session';
import { localiseData, localiserFor, requestLang } from '../core/localise';

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

/**
 * A handler answers its endpoint's response data, or the reply when it answered by itself
 * (get-captcha sends a PNG, not an envelope).
 */
export type Handler<K extends EndpointKey, U extends SessionUser | null> = (
  call: Call<RequestOf<K>, U>,
) => Promise<ResponseOf<K> | FastifyReply>;

interface Options {
  /** Also answer GET (union-error-info is GET or POST). */
  alsoGet?: boolean;
  /** Skip body validation (multipart handles its own); the handler then receives an empty body. */
  rawBody?: boolean;
}

/** The part of the server context endpoint registration reads (tests build just this). */
export type EndpointContext = Pick<
  ServerContext,
  'cfg' | 'catalogue' | 'validators' | 'wire' | 'responseCheck'
> & { log: FastifyBaseLogger };

const MESSAGE = Symbol('envelope message');

/** Attach the envelope message for a success (e.g. submit-utr, whose message the app toasts). */
export function withMessage<T extends object>(data: T, message: string): T {
  Object.defineProperty(data, MESSAGE, { value: message, enumerable: false });
  return data;
}

function messageOf(data: unknown): string {
  const m =
    typeof data === 'object' && data !== null
      ? (data as { [MESSAGE]?: unknown })[MESSAGE]
      : undefined;
  return typeof m === 'string' ? m : 'success';
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readQuery(ctx: EndpointContext, req: FastifyRequest): SessionQuery {
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

function readBody(
  ctx: EndpointContext,
  req: FastifyRequest,
  schemaName: string,
  query: SessionQuery,
  method: string,
): unknown {
  // JSON bodies keep strict types; form fields and query strings are text, coerced by the schema.
  const isJson =
    method !== 'GET' && (req.headers['content-type'] ?? '').includes('application/json');
  const validator = isJson ? ctx.validators.json(schemaName) : ctx.validators.coercing(schemaName);
  let body: unknown;
  if (method === 'GET') {
    // GET payloads travel in the query next to the session params: keep the schema's fields only.
    const props = Object.keys(
      (validator.schema as { properties?: Record<string, unknown> }).properties ?? {},
    );
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

/** The first schema error as "<JSON pointer>: <message>", e.g. "/recProducts/0/enabled: must be equal to one of the allowed values". */
function firstMismatch(
  errors: ReadonlyArray<{ instancePath: string; message?: string }> | null | undefined,
): string {
  const e = errors?.[0];
  return e ? `${e.instancePath || '/'}: ${e.message ?? 'is invalid'}` : '/: does not match';
}

/** Checks `data` against the endpoint's response schema; throws a 500 in strict mode. */
function checkResponse(ctx: EndpointContext, key: string, schema: string, data: unknown): void {
  const check = ctx.validators.response(schema);
  if (check(data)) return;
  const where = firstMismatch(check.errors);
  ctx.log.error(
    { endpoint: key, schema, pointer: where.slice(0, where.indexOf(': ')) },
    `response of ${key} does not match ${schema} at ${where}`,
  );
  if (ctx.responseCheck === 'strict')
    throw new ApiError(500, '500', `Response of ${key} does not match ${schema} at ${where}`);
}

function registerOne<K extends EndpointKey, U extends SessionUser | null>(
  app: FastifyInstance,
  ctx: EndpointContext,
  key: K,
  resolveUser: (query: SessionQuery) => Promise<U>,
  isPublic: boolean,
  opts: Options,
  handler: Handler<K, U>,
): void {
  const ep = ctx.catalogue[key];
  if (!ep) throw new Error(`endpoint ${key} missing from schemas/api/endpoints.json`);
  // The catalogue's word on the session is what docs/openapi.json tells backend teams: a handler
  // registered otherwise would make that document wrong, so the server does not start.
  if ((ep.public === true) !== isPublic)
    throw new Error(
      `endpoint ${key}: schemas/api/endpoints.json says ${ep.public === true ? 'public' : 'session needed'}, registered as ${isPublic ? 'public' : 'a borrower call'}`,
    );
  const url = `${ctx.cfg.apiPrefix}${ctx.wire.path(key, ep.path)}`;
  const methods: Array<'GET' | 'POST'> = opts.alsoGet
    ? ['GET', 'POST']
    : [ep.method === 'GET' ? 'GET' : 'POST'];
  app.route({
    method: methods,
    url,
    handler: async (req, reply) => {
      const query = readQuery(ctx, req);
      const user = await resolveUser(query);
      // readBody checked the body against the request schema of K: this is the one place the
      // validated value meets its type.
      const body = (
        opts.rawBody ? {} : readBody(ctx, req, ep.request, query, req.method)
      ) as RequestOf<K>;
      const success = ep.success === '00' ? '00' : 0;
      // The page's language (contract section 7): the answer's texts are translated here, once.
      const l = localiserFor(requestLang(req.query));
      try {
        const data = await handler({ body, query, user, ip: req.ip, req, reply });
        if (reply.sent) return reply;
        checkResponse(ctx, key, ep.response, data);
        return {
          code: success,
          message: l.text(messageOf(data)),
          data: ctx.wire.toWire(localiseData(data, l)),
        };
      } catch (err) {
        if (err instanceof BusinessError)
          return {
            code: err.code,
            message: l.text(err.message),
            data: ctx.wire.toWire(localiseData(err.data, l)),
          };
        throw err;
      }
    },
  });
}

/** A borrower call: 401 without a live session. */
export function userEndpoint<K extends EndpointKey>(
  app: FastifyInstance,
  ctx: ServerContext,
  key: K,
  handler: Handler<K, SessionUser>,
  opts: Options = {},
): void {
  registerOne(app, ctx, key, (q) => requireUser(ctx, q.userId, q.sessionId), false, opts, handler);
}

/** A public call (promotion, registration, contact info, union error info). */
export function publicEndpoint<K extends EndpointKey>(
  app: FastifyInstance,
  ctx: EndpointContext,
  key: K,
  handler: Handler<K, null>,
  opts: Options = {},
): void {
  registerOne(app, ctx, key, async () => null, true, opts, handler);
}
