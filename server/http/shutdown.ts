/**
 * Stopping without cutting a request in half. On SIGTERM (an orchestrator, `kill`) or
 * SIGINT (Ctrl-C) the server stops listening, answers any new request on an open connection with
 * 503, lets every request in flight finish (a repayment's transaction commits and its answer is
 * sent), and only then closes the database. That order is Fastify's `close()`: the listener
 * closes first and the `onClose` hooks (the database, the layout sync, the upload sweep) run once
 * the last connection is done. A request that outlives the grace period is cut by exiting.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Answers sent once the stop has begun close their connection. A request in flight usually came
 * on a kept-alive connection; left open, it would hold the stop for the keep-alive timeout (72 s)
 * after its answer, the database with it. Registered by buildServer for every route.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
}

/** Default grace period: below the 30 s a container orchestrator waits before it kills. */
export const SHUTDOWN_GRACE_MS = 25_000;

/** Closes `app` gracefully; 'timeout' when requests were still running after `graceMs`. */
export async function closeGracefully(
  app: FastifyInstance,
  graceMs: number,
): Promise<'closed' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
  });
  try {
    return await Promise.race([app.close().then(() => 'closed' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Wires SIGTERM and SIGINT to a graceful close, then exits (1 when the grace period ran out). A second signal exits at once. */
export function stopOnSignals(
  app: FastifyInstance,
  graceMs: number,
  say: (line: string) => void,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    say(
      `${signal}: no new requests; finishing the ones in flight (up to ${Math.round(graceMs / 1000)} s), then closing the database.`,
    );
    void closeGracefully(app, graceMs).then(
      (outcome) => {
        if (outcome === 'timeout')
          say(`Requests still running after ${Math.round(graceMs / 1000)} s: exiting anyway.`);
        process.exit(outcome === 'closed' ? 0 : 1);
      },
      (err: unknown) => {
        say(`Shutdown failed: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
