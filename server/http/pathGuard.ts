/**
 * The first hook of every request: reads the path once (requestPath.ts), refuses spellings that
 * the router would read differently, and keeps the canonical path on the request for every later
 * decision (`req.kopaPath`). Refused with 400 before any handler, limiter or static file:
 *   - any path that is not canonical (escapes, backslashes, `//`, `.`/`..` segments): the app's
 *     routes, files and pages are all plain ASCII, so no real link is spelt that way;
 *   - a protected area spelt in another letter case (`/Studio/api`, `/VEXED/...`): the router is
 *     case-sensitive, so such a path can only be a probe.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors';
import { inArea, inAreaAnyCase, readRequestPath } from './requestPath';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's canonical path (no query): the path the router matched. Set by the path guard. */
    kopaPath: string;
  }
  interface FastifyInstance {
    /** Every route registered after the guard (method and path): what the path sweep probes. */
    kopaRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export const BAD_PATH_MESSAGE =
  'Bad request path: use the plain path, without escapes, dot segments, repeated slashes, backslashes or other letter case.';

/** `areas`: the protected path prefixes (the studio, the API prefixes, test and upload routes). */
export function registerPathGuard(app: FastifyInstance, areas: readonly string[]): void {
  app.decorateRequest('kopaPath', '');
  const routes: Array<{ method: string; url: string }> = [];
  app.decorate('kopaRoutes', routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  app.addHook('onRequest', async (req) => {
    const path = readRequestPath(req.url);
    if (!path.canonical) throw badRequest(BAD_PATH_MESSAGE);
    if (areas.some((a) => inAreaAnyCase(path.raw, a) && !inArea(path.raw, a)))
      throw badRequest(BAD_PATH_MESSAGE);
    req.kopaPath = path.raw;
  });
}
