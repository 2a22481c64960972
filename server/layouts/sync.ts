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
  if (opts.databaseUrl) {
    const schema = opts.pgSchema ?? 'public';
    client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on('notification', (msg) => {
      const [from, name] = (msg.payload ?? '').split(':');
      if (from === schema && name) opts.store.invalidate(name);
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
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = opts.store
      .refresh()
      .catch((e: unknown) => opts.log.warn({ reason: (e as Error).message }, 'layout poll failed'));
  }, opts.pollMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await client?.end().catch(() => undefined);
  };
}
