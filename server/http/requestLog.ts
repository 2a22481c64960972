/**
 * One JSON log line per request, and the request id that ties a borrower's "Ref" to it.
 *
 * The id: a well-formed X-Request-Id (8 to 64 of A-Z a-z 0-9 . _ : -) is kept when it comes
 * from a proxy TRUST_PROXY names, so the proxy's log and ours share one id; anything else gets a
 * fresh random id (16 hex digits). It goes back on every answer (X-Request-Id) and in every JSON
 * error envelope (`requestId`), for a client that cannot read the header.
 *
 * What the log never holds: query values (sessionId, userId, mobilePhone ride there), bodies
 * (SMS codes, phones, passwords), cookies and authorization headers. The line names the query's
 * keys and keeps only the values of KEPT_QUERY; pino's redaction covers the same fields wherever
 * else an object is logged.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;
/** Query keys whose values say nothing about a person. */
const KEPT_QUERY = new Set(['lang']);

/** Where log lines go: any object with pino's `write(line)` (a file stream, or a test's array). */
export type LoggerSetting = boolean | { level: string; stream?: { write(line: string): void } };

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.body',
  'req.query',
  '*.sessionId',
  '*.userId',
  '*.mobilePhone',
  '*.phone',
  '*.verifyCode',
  '*.smsCode',
  '*.password',
  'sessionId',
  'mobilePhone',
  'phone',
];

/** The request's query with every value but KEPT_QUERY's replaced: `sessionId=~&lang=en`. */
export function loggedQuery(url: string): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(url.slice(at + 1)))
    parts.push(`${key}=${KEPT_QUERY.has(key) ? value : '~'}`);
  return parts.join('&');
}

/** The path without its query, cut at 256 characters (a probe's path can be long). */
export const pathOf = (url: string) => {
  const at = url.indexOf('?');
  return (at < 0 ? url : url.slice(0, at)).slice(0, 256);
};

/** LOG_LEVEL, else `info` in production (the request lines on call need) and `warn` elsewhere (a quiet demo). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv): string {
  return env.LOG_LEVEL?.trim() || (env.NODE_ENV === 'production' ? 'info' : 'warn');
}

/** Fastify's logger options: pino with the redaction above, request serializers without query values. */
export function loggerOptions(setting: LoggerSetting | undefined) {
  if (!setting) return false;
  const { level, stream } = setting === true ? { level: 'info', stream: undefined } : setting;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        path: pathOf(req.url),
        query: loggedQuery(req.url),
      }),
    },
  };
}

/** Fastify's genReqId: the proxy's id when trusted and well-formed, else a new one. */
export function requestIdGenerator(trustProxy: false | string[]) {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : null;
  return (raw: IncomingMessage): string => {
    const inbound = raw.headers[REQUEST_ID_HEADER];
    const peer = raw.socket.remoteAddress;
    if (trusted && peer && typeof inbound === 'string' && WELL_FORMED.test(inbound))
      if (trusted(peer, 0)) return inbound;
    return randomBytes(8).toString('hex');
  };
}

/** The Fastify options that go with the hooks below (Fastify's own two lines per request are off). */
export function requestLogServerOptions(
  logger: LoggerSetting | undefined,
  trustProxy: false | string[],
) {
  return {
    logger: loggerOptions(logger),
    genReqId: requestIdGenerator(trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/**
 * The id on every answer and in every JSON error envelope; the one line when the answer is sent.
 * Registered before the JSON compression, so an envelope is still text here.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (reply.statusCode < 400 || !json || typeof payload !== 'string') return payload;
    if (!payload.startsWith('{"code":')) return payload;
    return `{"requestId":${JSON.stringify(req.id)},${payload.slice(1)}`;
  });
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const line = {
      method: req.method,
      route: req.routeOptions.url ?? '*',
      path: pathOf(req.url),
      query: loggedQuery(req.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: req.ip,
    };
    if (status >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
  });
}
