/**
 * Probes for whoever runs the server (a load balancer, an orchestrator, CI): `/healthz` says the
 * process answers, `/readyz` that it can serve borrowers, i.e. the database answers and it holds
 * published layouts. Neither reads a session or the database's data beyond a count, and neither
 * is logged per request (probes come every few seconds). While the server shuts down, Fastify
 * answers every new request, these included, with 503 (server/main.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  /** How many layouts have a published version (0: nothing to serve yet). */
  layouts: number;
  reason?: string;
}

export async function readiness(db: Db): Promise<Readiness> {
  let layouts: number;
  try {
    const row = await db
      .selectFrom('layouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('published_version', 'is not', null)
      .executeTakeFirstOrThrow();
    layouts = Number(row.n);
  } catch (err) {
    return {
      ready: false,
      database: 'unreachable',
      layouts: 0,
      reason: `database: ${(err as Error).message}`,
    };
  }
  if (layouts === 0)
    return { ready: false, database: 'ok', layouts, reason: 'no published layout' };
  return { ready: true, database: 'ok', layouts };
}

export function registerHealth(app: FastifyInstance, db: Db): void {
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const r = await readiness(db);
    reply.code(r.ready ? 200 : 503);
    const { ready, ...detail } = r;
    return { status: ready ? 'ready' : 'not ready', ...detail };
  });
}
