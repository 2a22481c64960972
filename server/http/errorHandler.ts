/**
 * One place that turns errors into envelopes: ApiError -> its status; Fastify's own client
 * errors (bad JSON, wrong content type, body too large, multipart limits) -> 4xx with the reason;
 * anything else is a genuine fault: logged, 500 without details.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../core/errors';
import { localiserFor, requestLang } from '../core/localise';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | Error, req, reply) => {
    // In the page's language (contract section 7); a text the catalogue lacks stays as written.
    const l = localiserFor(requestLang(req.query));
    if (err instanceof ApiError) {
      // A 401 says why in data.reason (session.ts), so the page can offer a way out.
      const data = 'data' in err ? (err as { data: unknown }).data : undefined;
      const message = l.text(err.message);
      return reply
        .code(err.status)
        .send(data === undefined ? { code: err.code, message } : { code: err.code, message, data });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429)
      return reply
        .code(429)
        .send({ code: '429', message: l.text(err.message || 'Too many requests.') });
    if (status >= 400 && status < 500) {
      // Client mistakes are 400 (the contract: a bad request gets 400 with a reason), except the
      // statuses that say something more precise about the request itself.
      const keep = status === 404 || status === 405 || status === 413 || status === 415;
      const code = keep ? status : 400;
      req.log.info({ err: err.message }, 'bad request');
      return reply.code(code).send({ code: String(code), message: err.message || 'Bad request' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: '500', message: 'Internal server error' });
  });
}
