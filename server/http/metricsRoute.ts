/**
 * Where /metrics is read (docs/running.md, "Metrics"), and the request-duration histogram.
 *
 * - METRICS_PORT set: /metrics is served on that port only (on METRICS_HOST, default 127.0.0.1),
 *   opened when the app is ready (before its own port) and closed with it; the app's port answers 404.
 * - METRICS_PORT unset: on the app's port, to a request from this host (a loopback peer with no
 *   X-Forwarded-For/Forwarded/X-Real-IP header: a reverse proxy on the same host would otherwise
 *   hand every visitor the operational data), or with the token below; 403 otherwise.
 * - METRICS_TOKEN set: `Authorization: Bearer <token>` is required wherever /metrics is served.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../core/errors';
import { pathOf } from './requestLog';
import { httpDuration, metricsRegistry } from '../metrics/registry';

export interface MetricsOptions {
  /** A port of its own for /metrics (then none on the app's port); 0 picks a free one (tests). */
  port?: number;
  host?: string;
  token?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate metrics listener once the app is ready (METRICS_PORT), else null. */
    kopaMetricsServer: Server | null;
  }
}

export function metricsOptionsFromEnv(env: NodeJS.ProcessEnv): MetricsOptions {
  const raw = env.METRICS_PORT?.trim() ?? '';
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (raw === '') return { token };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`METRICS_PORT=${raw}: give a port number from 1 to 65535, or leave it unset.`);
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1', token };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1] ?? ''), digest(token));
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Whether this request may read the metrics on the app's port. */
export function mayReadMetrics(raw: IncomingMessage, token: string | undefined): boolean {
  if (token) return bearerMatches(raw.headers.authorization, token);
  const local = LOOPBACK.test(raw.socket.remoteAddress ?? '');
  return local && FORWARDING.every((h) => raw.headers[h] === undefined);
}

function serveSeparately(app: FastifyInstance, opts: MetricsOptions & { port: number }): void {
  const server = createServer((req, res) => {
    const wanted = pathOf(req.url ?? '') === '/metrics' && req.method === 'GET';
    if (!wanted) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token))
      return void res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('Bearer token required (METRICS_TOKEN).');
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  app.decorate('kopaMetricsServer', null);
  // On ready (before the app's own port opens): a port that cannot be had stops the start.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
    });
    app.kopaMetricsServer = server;
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  app.addHook('onResponse', async (req, reply) => {
    httpDuration.observe(
      {
        method: req.method,
        // The pattern (`/vexed/loan/:id`), never the URL; pages and unknown paths share `*`.
        route: req.routeOptions.url ?? '*',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  if (opts.port !== undefined) {
    serveSeparately(app, { ...opts, port: opts.port });
    app.get('/metrics', async () => {
      throw notFound('Not found: GET /metrics');
    });
    return;
  }
  app.decorate('kopaMetricsServer', null);
  app.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req.raw, opts.token))
      throw forbidden('Metrics are read from this host or with the METRICS_TOKEN bearer token.');
    return reply
      .header('Cache-Control', 'no-store')
      .type(metricsRegistry.contentType)
      .send(await metricsRegistry.metrics());
  });
}
