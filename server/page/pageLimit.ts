/**
 * The per-address limit on the app's pages. Pages need no session, so without it one
 * address could make the server build pages as fast as it can ask. Counted per process (a memory
 * counter): the limit guards each process's own CPU, and a page costs no database round trip.
 * Generous for real use: a borrower loads a page only on opening a link or reloading (moving
 * between screens loads no page), and many borrowers can share one mobile network's address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CounterStore } from '../http/counters';
import { rateLimitRefusals } from '../metrics/registry';

export interface PageLimit {
  /** Pages per address per minute. */
  max: number;
  counters: CounterStore;
}

export const DEFAULT_PAGE_LIMIT = 600;
const MINUTE = 60_000;

function refusedPage(seconds: number): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Too many requests</title></head><body><h1>Too many requests</h1>' +
    `<p>Too many pages were opened from your network in the last minute. Please wait ${seconds} seconds, then try again.</p></body></html>`
  );
}

/** Counts this page request; true when it is over the limit and has been answered 429. */
export async function pageRefused(
  limit: PageLimit,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const { count, ttlMs } = await limit.counters.hit(`page:${req.ip}`, MINUTE);
  if (count <= limit.max) return false;
  rateLimitRefusals.inc({ limit: 'page' });
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  await reply
    .code(429)
    .header('Retry-After', String(seconds))
    .type('text/html; charset=utf-8')
    .send(refusedPage(seconds));
  return true;
}
