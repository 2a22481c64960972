/**
 * Load generation for the server bench and the soak: autocannon against one server, and the
 * server processes it forks (scripts/bench/server/target.ts) with their IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const SESSION = 'userId=10001&sessionId=demo-session';

export interface Case {
  name: string;
  method: 'GET' | 'POST';
  /** Path and query; `next` (when given) makes each request's path, headers and body instead. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  next?: (n: number) => { path: string; headers?: Record<string, string>; body?: string };
  /** In flight at once, when not the run's (the largest answers: fewer, or a run ends with none back). */
  connections?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers and socket errors/timeouts. */
  errors: number;
  requests: number;
  /** Mean bytes per answer on the wire (headers included). */
  bytes: number;
}

export interface LoadOptions {
  base: string;
  seconds: number;
  connections: number;
  /** Requests per second over all connections (the soak); unset = as fast as it answers. */
  rate?: number;
}

/** Request counter over all runs of a process: `next` never sees the same n twice (idempotency keys). */
let n = 0;

export async function load(c: Case | Case[], o: LoadOptions): Promise<LoadResult> {
  const cases = Array.isArray(c) ? c : [c];
  const requests = cases.map((one) => ({
    method: one.method,
    path: one.path,
    headers: one.headers,
    body: one.body,
    ...(one.next
      ? {
          setupRequest: (req: autocannon.Request): autocannon.Request => {
            const v = one.next!(n++);
            return {
              ...req,
              path: v.path,
              headers: { ...req.headers, ...v.headers },
              body: v.body ?? req.body,
            };
          },
        }
      : {}),
  })) as autocannon.Request[];
  const connections = Math.min(o.connections, ...cases.map((x) => x.connections ?? o.connections));
  const r = await autocannon({
    url: o.base,
    connections,
    duration: o.seconds,
    requests,
    ...(o.rate ? { overallRate: o.rate } : {}),
    timeout: 10,
  });
  return {
    rps: r.requests.total / o.seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    requests: r.requests.total,
    bytes: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
  };
}

/**
 * Waits until the server has answered what a finished run left in flight (the load generator
 * stops waiting, the server does not): a cheap request queues behind the backlog, so its answer
 * means the next measurement starts on an idle server.
 */
export async function settle(base: string): Promise<void> {
  await fetch(`${base}/layouts/repay.json`)
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
}

export interface Target {
  child: ChildProcess;
  /** repayToken by pay order (seedBench PAY_ORDERS). */
  payTokens: Record<string, string>;
  memory(): Promise<{ rss: number; heapUsed: number }>;
  /** CPU time (user + system) the process has used so far, in ms. */
  cpu(): Promise<number>;
  /** Profiles the CPU from now until the returned function is called, which writes the profile to `file`. */
  profile(): Promise<(file: string) => Promise<void>>;
  stop(): Promise<void>;
}

/** Forks a server process (target.ts); resolves once it listens. */
export function startTarget(env: Record<string, string>, execArgv: string[] = []): Promise<Target> {
  const child = fork(join(import.meta.dirname, 'target.ts'), [], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    execArgv: ['--import', 'tsx', '--expose-gc', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(msg: string | object, key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: unknown) => {
        if (m && typeof m === 'object' && key in m) {
          child.off('message', on);
          resolve((m as Record<string, T>)[key] as T);
        }
      };
      child.on('message', on);
      child.send(msg);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`server process exited (${code}) before it was ready`)),
    );
    child.on('message', (m: unknown) => {
      const ready = m as { ready?: boolean; payTokens?: Record<string, string> };
      if (!ready?.ready) return;
      child.removeAllListeners('exit');
      resolve({
        child,
        payTokens: ready.payTokens ?? {},
        memory: async () => {
          await ask('gc', 'gc');
          return ask('memory', 'memory');
        },
        cpu: () => ask<number>('cpu', 'cpu'),
        profile: async () => {
          await ask('profile-start', 'profiling');
          return async (file: string) => {
            await ask({ profileTo: file }, 'profiled');
          };
        },
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });
}
