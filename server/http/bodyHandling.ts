import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { rateLimitRefusals } from '../metrics/registry';
import type { ServerContext } from './context';
import { rateLimitStore, type CounterStore } from './counters';
import { inArea } from './requestPath';

/** The API's rate limit, multipart uploads and form-encoded bodies. */
export async function registerBodyHandling(
  app: FastifyInstance,
  ctx: ServerContext,
  /** API requests per address per minute (default 600). */
  apiRateLimit: number | undefined,
  counters: CounterStore,
): Promise<void> {
  const prefix = ctx.cfg.apiPrefix;
  // Only the API is limited: the app's own scripts and styles are static files a browser fetches
  // dozens of at a time, and counting them would lock a borrower out of a page.
  const isApi = (path: string) => inArea(path, prefix) || inArea(path, ctx.cfg.legacyPrefix);
  await app.register(rateLimit, {
    global: true,
    max: apiRateLimit ?? 600,
    timeWindow: '1 minute',
    store: rateLimitStore(counters, 'api:'),
    allowList: (req) => !isApi(req.kopaPath),
    onExceeded: () => rateLimitRefusals.inc({ limit: 'api' }),
    errorResponseBuilder: (_req, c) => ({
      statusCode: 429,
      code: '429',
      message: `Too many requests; retry in ${Math.ceil(c.ttl / 1000)} s.`,
    }),
  });
  // preservePath: see the client's raw file name, so a name with a path is refused rather than silently cut.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    preservePath: true,
    limits: { fileSize: 5 * 1024 * 1024, files: 1 },
  });
  // Form-encoded bodies (the form client): plain text -> object; schemas coerce the types.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      const out: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body)))
        Object.defineProperty(out, k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      done(null, out);
    },
  );
}
