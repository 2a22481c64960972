/**
 * Test harness: a fresh server per call, on PGlite in a temp dataDir, or on PostgreSQL (env
 * DATABASE_URL) in a fresh schema that is dropped afterwards. Requests go through app.inject.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildServer, type BuildOptions } from '../../server/app';
import {
  loadEndpointCatalogue,
  compileApiValidators,
  describeErrors,
} from '../../server/core/catalogue';
import { loadAppConfig } from '../../server/core/config';
import { marketDate } from '../../server/domain/format';
import type { Db } from '../../server/db';

process.env.NODE_ENV = 'test';

export const USER = { userId: '10001', sessionId: 'demo-session', phone: '0712345678' };
export const OTHER = { userId: '10002', sessionId: 'demo-session-2', orderId: 'O2170' };
export const SESSION_QS = `userId=${USER.userId}&sessionId=${USER.sessionId}`;

export const catalogue = loadEndpointCatalogue(loadAppConfig().provider);
const validators = compileApiValidators();

export function url(key: string, qs = SESSION_QS): string {
  const ep = catalogue[key];
  if (!ep) throw new Error(`no endpoint ${key}`);
  return `/vexed${ep.path}${qs ? `?${qs}` : ''}`;
}

export interface Envelope {
  code: number | string;
  message: string;
  data?: unknown;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  pgSchema?: string;
  /** Same storage, new process-like instance (restart). */
  restart(extra?: Partial<BuildOptions>): Promise<TestServer>;
  close(opts?: { keepData?: boolean }): Promise<void>;
  call(
    key: string,
    body?: unknown,
    opts?: { qs?: string; headers?: Record<string, string>; form?: boolean },
  ): Promise<{ status: number; body: Envelope; headers: Record<string, unknown> }>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

function encodeForm(body: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
}

async function build(
  dataDir: string,
  pgSchema: string | undefined,
  extra: Partial<BuildOptions>,
): Promise<TestServer> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const app = await buildServer({
    dataDir,
    databaseUrl,
    pgSchema,
    distDir: join(dataDir, 'no-dist'),
    // The tests ask for the demo borrowers explicitly (a server's default is no demo data).
    demo: true,
    ...extra,
  });
  const server: TestServer = {
    app,
    db: app.kopaDb,
    dataDir,
    pgSchema,
    restart: async (more = {}) => build(dataDir, pgSchema, { ...extra, ...more }),
    close: async ({ keepData = false } = {}) => {
      await app.close();
      if (keepData) return;
      if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
      rmSync(dataDir, { recursive: true, force: true });
    },
    inject: (o) => app.inject(o),
    call: async (key, body, opts = {}) => {
      const ep = catalogue[key];
      if (!ep) throw new Error(`no endpoint ${key}`);
      const form = opts.form ?? ep.client === 'form';
      const qs = opts.qs ?? SESSION_QS;
      let payload: string | undefined;
      const headers: Record<string, string> = { ...opts.headers };
      if (ep.method === 'POST') {
        if (typeof body === 'string') payload = body;
        else if (form) {
          payload = encodeForm((body ?? {}) as Record<string, unknown>);
          headers['content-type'] ??= 'application/x-www-form-urlencoded';
        } else {
          payload = JSON.stringify(body ?? {});
          headers['content-type'] ??= 'application/json';
        }
      }
      const extraQs =
        ep.method === 'GET' && body && typeof body === 'object'
          ? encodeForm(body as Record<string, unknown>)
          : '';
      const fullQs = [qs, extraQs].filter(Boolean).join('&');
      const res = await app.inject({ method: ep.method, url: url(key, fullQs), payload, headers });
      return { status: res.statusCode, body: res.json() as Envelope, headers: res.headers };
    },
  };
  return server;
}

/**
 * A migrated, seeded PGlite directory shared by the test files: creating a PGlite cluster costs
 * seconds (initdb), copying one costs milliseconds. Keyed by the schema/seed sources and the
 * market's calendar day, the day the server counts due dates by (the seed's due dates are relative
 * to when it ran). Keyed by the UTC day, a template seeded before the market's midnight (21:00
 * UTC in Dar es Salaam) was reused after it, and "due today" read "Overdue" until 24:00 UTC.
 */
export async function pgliteTemplate(): Promise<string> {
  const server = join(import.meta.dirname, '../../server');
  const h = createHash('sha256');
  for (const f of [
    'demo/seed.ts',
    'demo/seedData.ts',
    'demo/demoSessions.ts',
    'db/index.ts',
    ...readdirSync(join(server, 'db/migrations')).map((m) => `db/migrations/${m}`),
  ]) {
    h.update(readFileSync(join(server, f)));
  }
  const dir = join(
    tmpdir(),
    `kopa-pglite-template-${h.digest('hex').slice(0, 16)}-${marketDate(new Date())}`,
  );
  if (existsSync(join(dir, 'pglite', 'PG_VERSION'))) return dir;
  const work = mkdtempSync(join(tmpdir(), 'kopa-template-build-'));
  const app = await buildServer({ dataDir: work, distDir: join(work, 'no-dist'), demo: true });
  await app.close();
  try {
    renameSync(work, dir);
  } catch {
    rmSync(work, { recursive: true, force: true });
  } // another run won the race
  return dir;
}

/** `empty`: on a database without the demo data (no demo borrower, no demo session). */
export async function startServer(
  extra: Partial<BuildOptions> = {},
  { empty = false } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kopa-test-'));
  if (!process.env.DATABASE_URL && !empty)
    cpSync(join(await pgliteTemplate(), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const pgSchema = process.env.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  return build(dataDir, pgSchema, extra);
}

async function dropPgSchema(databaseUrl: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await c.end();
  }
}

/** Asserts a success envelope for the endpoint and that data matches its response schema. */
export function expectSuccess(key: string, res: { status: number; body: Envelope }): unknown {
  const ep = catalogue[key];
  if (!ep) throw new Error(`no endpoint ${key}`);
  if (res.status !== 200) throw new Error(`${key}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  const expected = ep.success === '00' ? '00' : 0;
  if (res.body.code !== expected)
    throw new Error(
      `${key}: code ${JSON.stringify(res.body.code)} (${res.body.message}), expected ${JSON.stringify(expected)}`,
    );
  const check = validators.response(ep.response);
  if (!check(res.body.data))
    throw new Error(
      `${key}: response does not match ${ep.response}: ${describeErrors(check.errors)} ${JSON.stringify(check.errors)}`,
    );
  return res.body.data;
}

/** A fake clock tests can move. */
export function fakeClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export async function smsCode(s: TestServer, phone: string): Promise<string> {
  const res = await s.inject({
    method: 'GET',
    url: `/__test/sms-codes?phone=${encodeURIComponent(phone)}`,
  });
  if (res.statusCode !== 200) throw new Error(`no sms for ${phone}`);
  return (res.json() as { data: { code: string } }).data.code;
}

export const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201e2210bc60000000049454e44ae426082',
  'hex',
);

/** A multipart/form-data body with one file part. */
export function multipart(
  field: string,
  filename: string,
  content: Buffer,
  type = 'application/octet-stream',
) {
  const boundary = '----kopaTestBoundary7MA4YWxk';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
