/**
 * Keeps this instance's layout cache in step with publishes made by other instances on the same
 * database: on PostgreSQL, LISTEN kopa_layouts (layoutRepo notifies in the publishing
 * transaction), so a publish is seen within milliseconds; and, everywhere, a poll of the
 * published version numbers every few seconds as the fallback (a dropped listener connection,
 * PGlite, a notification lost while reconnecting).
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { LAYOUT_CHANNEL } from './publish';
import type { LayoutStore } from './store';
import { compileAhead } from './compiled';

export interface LayoutSyncOptions {
  store: LayoutStore;
  log: FastifyBaseLogger;
  /** postgres://... to LISTEN; none on PGlite. */
  databaseUrl?: string;
  /** The schema this instance runs in (notifications of other schemas are someone else's). */
  pgSchema?: string;
  pollMs: number;
}

export async function startLayoutSync(opts: LayoutSyncOptions): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  // One chain of cache work (notifications, polls): closing waits for what is under way.
  let running: Promise<void> = Promise.resolve();
  const then = (work: () => Promise<void>) => {
    running = running
      .then(work)
      .catch((e: unknown) => opts.log.warn({ reason: (e as Error).message }, 'layout poll failed'));
  };
  if (opts.databaseUrl) {
    const schema = opts.pgSchema ?? 'public';
    client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on('notification', (msg) => {
      const [from, name] = (msg.payload ?? '').split(':');
      if (stopped || from !== schema || !name) return;
      opts.store.invalidate(name);
      then(() => compileAhead(opts.store, [name], opts.log));
    });
    // A broken listener is not fatal: the poll below still brings publishes within seconds.
    client.on('error', (e) =>
      opts.log.warn({ reason: e.message }, 'layout listener failed; polling only'),
    );
    try {
      await client.connect();
      await client.query(`listen ${LAYOUT_CHANNEL}`);
    } catch (e) {
      opts.log.warn(
        { reason: (e as Error).message },
        'layout listener could not start; polling only',
      );
      await client.end().catch(() => undefined);
      client = null;
    }
  }
  let polling = false;
  const timer = setInterval(() => {
    // A slow database: one poll at a time, never a queue of them.
    if (stopped || polling) return;
    polling = true;
    then(async () => {
      try {
        await compileAhead(opts.store, await opts.store.refresh(), opts.log);
      } finally {
        polling = false;
      }
    });
  }, opts.pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await client?.end().catch(() => undefined);
  };
}
