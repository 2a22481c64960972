/**
 * Two checks on the whole /studio area, judged by the request's method and canonical path (never by
 * route names, so a route added later is covered too), before any route hook or handler:
 * - a switched-off studio (production without STUDIO_PASSWORD) answers 404 to everything under
 *   /studio: the page, its scripts and styles, the API;
 * - a write (any method but GET, HEAD, OPTIONS) must come from the studio's own origin. `Origin`
 *   decides when present (`null`, another host, port or scheme: refused); without it
 *   `Sec-Fetch-Site` must be `same-origin` (or `none`: typed by the user); with neither header the
 *   request is from no browser (a modern browser sends Origin on every write), e.g. curl or a
 *   script: let through, since a cross-site attack needs the victim's browser. Refused: 403 with
 *   the reason in the JSON envelope, data.reason "cross-site";
 * - every text of a request (body, path parameters, query; values and keys) holds no NUL and no
 *   lone surrogate, and every number is finite (server/domain/inputGuard.ts, as on the borrower
 *   API): PostgreSQL cannot store such text, so it is a 400 naming the field, never a 500.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../core/errors';
import { inArea } from '../../http/requestPath';
import { checkValues } from '../../domain/inputGuard';
import { requestOrigin } from '../../http/trustProxy';

const STUDIO = '/studio';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why a write is not the studio's own, or null when it is. */
export function crossSiteReason(req: FastifyRequest): string | null {
  const own = requestOrigin(req);
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let sent: string | null = null;
    try {
      sent = new URL(origin).origin;
    } catch {
      // `null` (a sandboxed frame, a file) or no URL at all
    }
    if (own !== null && sent === own && origin.toLowerCase() === own) return null;
    return `Refused: a studio write from ${JSON.stringify(origin)}, not from the studio's own origin ${own ?? '(unknown)'}.`;
  }
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return null;
  return `Refused: a studio write from a ${JSON.stringify(site)} page (Sec-Fetch-Site), not from the studio itself.`;
}

class CrossSite extends ApiError {
  readonly data = { reason: 'cross-site' };
  constructor(message: string) {
    super(403, '403', message);
  }
}

/** The write check alone: also a hook of each studio route scope (defence in depth, guard.ts). */
export async function sameOriginWrites(req: FastifyRequest): Promise<void> {
  if (READS.has(req.method)) return;
  const reason = crossSiteReason(req);
  if (reason) throw new CrossSite(reason);
}

export function guardStudioArea(app: FastifyInstance, studioOn: boolean): void {
  app.addHook('onRequest', async (req) => {
    // No canonical path means no path guard in front (a bare test app): the scope hooks decide.
    if (typeof req.kopaPath !== 'string' || !inArea(req.kopaPath, STUDIO)) return;
    if (!studioOn) throw notFound('The studio is off.');
    await sameOriginWrites(req);
  });
  app.addHook('preValidation', async (req) => {
    if (typeof req.kopaPath !== 'string' || !inArea(req.kopaPath, STUDIO)) return;
    checkValues(req.params, '');
    checkValues(req.query, '');
    checkValues(req.body, '');
  });
}
