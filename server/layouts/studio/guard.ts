/**
 * The studio's checks, attached to its routes (not to URL text): Fastify runs a scope's hooks for
 * every route declared in that scope, whatever spelling of the path reached it, so these hold even
 * if a path check in front of them were ever wrong (defence in depth behind server/http/pathGuard).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound, unauthorized } from '../../core/errors';
import type { Db } from '../../db';
import { cookieValue, STUDIO_COOKIE, type StudioCredentials } from './auth';
import { sessionOperator } from './sessions';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Studio writes take JSON only: a cross-site form can send `application/x-www-form-urlencoded`,
 * `multipart/form-data` or `text/plain` without a preflight, never `application/json`.
 */
export async function jsonOnly(req: FastifyRequest): Promise<void> {
  if (!WRITES.has(req.method)) return;
  const type = req.headers['content-type'];
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  if (type === undefined && !hasBody) return;
  const media = (type ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (media !== 'application/json') {
    throw new ApiError(
      415,
      '415',
      'The studio takes JSON only: send the body with Content-Type: application/json.',
    );
  }
}

/** The studio is on (creds) — a switched-off studio answers 404 on every route. */
export function studioOn(creds: StudioCredentials | null): () => Promise<void> {
  return async () => {
    if (!creds) throw notFound('The studio is off.');
  };
}

/**
 * A live operator session is required (looked up on the database each request, so a logout or a
 * disabled account ends it at once: sessions.ts): sets `req.studioUser` and `req.studioRole`.
 */
export function operatorSession(db: Db, now: () => number): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    const operator = await sessionOperator(
      db,
      cookieValue(req.headers.cookie, STUDIO_COOKIE) ?? '',
      now(),
    );
    if (!operator) throw unauthorized('Log in to the studio first.');
    req.studioUser = operator.name;
    req.studioRole = operator.role;
  };
}
