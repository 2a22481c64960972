/**
 * Stopping the server never cuts a request in half. A request whose transaction is
 * under way when the stop begins finishes (its answer arrives, both of its writes are committed),
 * the listener is closed meanwhile (a new connection is refused), and the database closes after.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it, vi } from 'vitest';
import { closeGracefully } from '../../server/http/shutdown';
import { startServer, type TestServer } from './helpers';

let reopened: TestServer | undefined;
afterAll(async () => {
  await reopened?.close();
});

/** One GET on a connection of its own; rejects when the connection is refused. */
function getOnNewConnection(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

it(
  'SIGTERM path: an in-flight request completes and commits, new connections are refused, then the database closes',
  { timeout: 90_000 },
  async () => {
    const s = await startServer();
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // A stand-in for a money request: two writes in one transaction, with the stop arriving between them.
    s.app.post('/__hold', async () => {
      await s.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('settings')
          .values({ key: 'shutdown.first', value: JSON.stringify(1) })
          .execute();
        entered();
        await gate;
        await tx
          .insertInto('settings')
          .values({ key: 'shutdown.second', value: JSON.stringify(2) })
          .execute();
      });
      return { booked: true };
    });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as AddressInfo).port;

    const inFlight = fetch(`http://127.0.0.1:${port}/__hold`, { method: 'POST' });
    await inHandler;
    let outcome: string | undefined;
    const closing = closeGracefully(s.app, 20_000).then((o) => {
      outcome = o;
      return o;
    });

    await vi.waitFor(() => expect(s.app.server.listening).toBe(false));
    await expect(getOnNewConnection(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    expect(outcome).toBeUndefined(); // still waiting for the request in flight

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ booked: true });
    expect(await closing).toBe('closed');

    // The same storage opened again: both writes of the interrupted request are there.
    await s.close({ keepData: true });
    reopened = await s.restart();
    const rows = await reopened.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'shutdown.%')
      .orderBy('key')
      .execute();
    expect(rows.map((r) => r.key)).toEqual(['shutdown.first', 'shutdown.second']);
  },
);
