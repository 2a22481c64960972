/**
 * What the real start (server/main.ts, as `npm run serve` runs it) prints: in production no
 * session link and no demo session that opens anything, the revoked demo sessions in one log
 * line; in demo mode (`--demo`, as `npm start` passes it) the links. On PGlite in a data dir of
 * its own (DATA_DIR), whichever database the suite runs on: a spawned server cannot share the
 * suite's PostgreSQL schema.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { pgliteTemplate } from './helpers';

const ROOT = join(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A data dir holding the demo data (as left by an earlier `npm start`). */
async function demoDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-main-'));
  dirs.push(dir);
  cpSync(join(await pgliteTemplate(), 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}

interface Started {
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/** `tsx server/main.ts <args>` until it prints its address (or exits). */
async function start(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
  for (const k of ['DATABASE_URL', 'STUDIO_PASSWORD', 'STUDIO_USER', 'KOPA_DEMO', 'NODE_ENV'])
    delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    cwd: ROOT,
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await Promise.race([
    exited,
    new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (out.includes('Kopa reference server on') && /Demo data: off|Screens:/.test(out)) {
          clearInterval(tick);
          resolve();
        }
      }, 50);
    }),
  ]);
  return {
    port,
    output: () => out,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

it('production: no session link printed, the demo sessions revoked in one log line', async () => {
  const dataDir = await demoDataDir();
  const s = await start([], { NODE_ENV: 'production', DATA_DIR: dataDir });
  const res = await fetch(
    `http://127.0.0.1:${s.port}/vexed/v3/loan-details/loan-details?userId=10001&sessionId=demo-session&orderId=O170`,
  );
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ code: '401', data: { reason: 'unknown' } });
  expect(await s.stop()).toBe(0);
  const out = s.output();
  expect(out).toContain('Kopa reference server on');
  // The request log keeps a query's keys and writes each value as ~: only a real value is a link.
  expect(out).not.toMatch(/sessionId=[^~&"]/);
  expect(out).not.toMatch(/Screens:/);
  const revoked = out.split('\n').filter((l) => l.includes('Demo sessions revoked'));
  expect(revoked).toHaveLength(1);
  expect(JSON.parse(revoked[0]!)).toMatchObject({
    level: 40,
    revoked: ['demo-session', 'demo-session-2', 'demo-session-noloan'],
  });
}, 60_000);

it('production with --demo or KOPA_DEMO=1: refused, the server does not start', async () => {
  for (const [args, env] of [
    [['--demo'], {}],
    [[], { KOPA_DEMO: '1' }],
  ] as const) {
    const s = await start([...args], {
      NODE_ENV: 'production',
      DATA_DIR: await demoDataDir(),
      ...env,
    });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('refused under NODE_ENV=production');
    expect(s.output()).not.toMatch(/sessionId=[^~&"]/);
  }
}, 60_000);

it('demo mode (--demo, as npm start passes it): the links with the demo session', async () => {
  const s = await start(['--demo'], { DATA_DIR: await demoDataDir() });
  const res = await fetch(
    `http://127.0.0.1:${s.port}/vexed/v3/loan-details/loan-details?userId=10001&sessionId=demo-session&orderId=O170`,
  );
  expect(res.status).toBe(200);
  await s.stop();
  expect(s.output()).toMatch(/\/repay\?userId=10001&sessionId=demo-session/);
}, 60_000);
