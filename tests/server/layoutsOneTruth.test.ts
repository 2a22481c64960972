/**
 * One truth between the layout files and the database: a start never silently replaces a
 * version published in the studio (the import conflict rule applies at start-up and is named in
 * its log), and `npm run layouts:import` refuses while a server holds PGlite's data directory.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db';
import { DataDirInUse, LOCK_FILE } from '../../server/db/dataDirLock';
import { DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { studioCookie } from './studioApi';
import { startServer, type TestServer } from './helpers';

const NAME = 'customer-service';
const ROOT = join(import.meta.dirname, '..', '..');
const layout = (title: string) =>
  `${JSON.stringify(
    {
      id: NAME,
      version: 1,
      title: 'Online service',
      dataSources: { kf: { endpoint: 'contactKfInfo', params: { overall: 30 } } },
      body: [
        { type: 'page-header', title },
        { type: 'text', id: 'emailValue', text: '{{ data.kf.email }}' },
      ],
    },
    null,
    2,
  )}\n`;

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

function layoutsDir(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
  writeFileSync(join(dir, `${NAME}.json`), text);
  return dir;
}

/** The published text and version of the layout, as the studio API reports them. */
async function published(s: TestServer, cookie: string) {
  const res = await s.inject({
    method: 'GET',
    url: `/studio/api/layouts/${NAME}`,
    headers: { cookie },
  });
  const p = (res.json() as { data: { published: { version: number; content: string } } }).data
    .published;
  return {
    version: p.version,
    title: (JSON.parse(p.content) as { body: Array<{ title?: string }> }).body[0]?.title,
  };
}

/** A restart of the same storage with its warnings collected. */
async function restartWithLog(s: TestServer) {
  await s.close({ keepData: true });
  const log: Array<{ msg: string; layout?: string; rule?: string }> = [];
  const stream = { write: (line: string) => void log.push(JSON.parse(line) as { msg: string }) };
  const server = await s.restart({ logger: { level: 'warn', stream } });
  servers.push(server);
  return { server, log };
}

describe('a start and the files', () => {
  it('a start keeps a version published in the studio although its file changed, and says so by the rule', async () => {
    const dir = layoutsDir(layout('From the file'));
    const s = await startServer({ layoutsDir: dir });
    const cookie = await studioCookie(s);
    const before = await published(s, cookie);
    expect(before.title).toBe('From the file');
    const draft = await s.inject({
      method: 'PUT',
      url: `/studio/api/layouts/${NAME}/draft`,
      headers: { cookie },
      payload: { content: layout('From the studio') },
    });
    expect(draft.statusCode).toBe(200);
    const pub = await s.inject({
      method: 'POST',
      url: `/studio/api/layouts/${NAME}/publish`,
      headers: { cookie },
      payload: { note: 'operator change' },
    });
    expect(pub.statusCode).toBe(200);

    // The file changes too (a developer's edit), then the server restarts.
    writeFileSync(join(dir, `${NAME}.json`), layout('Edited on disk'));
    const { server, log } = await restartWithLog(s);
    const after = await published(server, await studioCookie(server));
    expect(after).toEqual({ version: before.version + 1, title: 'From the studio' });
    const line = log.find((l) => l.layout === NAME);
    expect(line?.rule).toBe('import conflict');
    expect(line?.msg).toMatch(
      new RegExp(
        `^import conflict: layouts/${NAME}\\.json changed, but v${after.version} was published in the studio by ${DEMO_STUDIO_USER} at .*, after this file's last import \\(v${before.version}\\); the studio's version stays published\\. .*npm run layouts:import -- --force`,
      ),
    );
  });

  it('a file changed with no studio publish since its import is imported at start, with no conflict', async () => {
    const dir = layoutsDir(layout('First'));
    const s = await startServer({ layoutsDir: dir });
    const before = await published(s, await studioCookie(s));
    writeFileSync(join(dir, `${NAME}.json`), layout('Second'));
    const { server, log } = await restartWithLog(s);
    expect(await published(server, await studioCookie(server))).toEqual({
      version: before.version + 1,
      title: 'Second',
    });
    expect(log.filter((l) => l.rule === 'import conflict')).toEqual([]);
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('layouts:import and a running PGlite server', () => {
  it('refuses while a server holds the data directory, importing nothing', async () => {
    const s = await startServer();
    servers.push(s);
    const cookie = await studioCookie(s);
    const before = await published(s, cookie);
    expect(existsSync(join(s.dataDir, LOCK_FILE))).toBe(true);
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/layouts-import.ts'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const refused = run();
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      `REFUSED    nothing imported. The data in ${s.dataDir} is held by a running Kopa server (pid ${process.pid}).`,
    );
    expect(refused.stdout).toBe('');
    expect(await published(s, cookie)).toEqual(before);
  }, 90_000);

  it('another process holding the directory is refused by name; a lock left by a dead process is taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kopa-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(dataDir, LOCK_FILE), `${holder.pid}\n`);
      await expect(openDb({ dataDir })).rejects.toBeInstanceOf(DataDirInUse);
    } finally {
      holder.kill();
      await new Promise((r) => holder.once('exit', r));
    }
    // Its process is gone now: the directory opens, and closing lets go of it.
    const db = await openDb({ dataDir });
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    await db.destroy();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);
});
